import type { LiveEvent } from "../../domain/live-events";
import type { DatabaseHandle } from "../db/client";
import type { Logger } from "../logger";
import { createEventBus } from "./bus";
import type { SessionEnded } from "./session-ended";
import { createStreamHub, type StreamOptions } from "./stream-hub";

export type EventsOptions = StreamOptions;

/**
 * Live updates for the rest of the store: services publish change notices (after their
 * transaction commits), GET /api/events streams them to the pages allowed to hear them.
 */
export function createEventsService(deps: { database: DatabaseHandle; logger: Logger }, options: EventsOptions = {}) {
  const bus = createEventBus(deps);
  const hub = createStreamHub({ bus, logger: deps.logger }, options);
  return {
    publish: (event: LiveEvent) => bus.publish(event),
    subscribe: bus.subscribe,
    listening: bus.listening,
    hearsAll: bus.hearsAll,
    openStream: hub.open,
    /** The other instances on this PostgreSQL database (server/events/instances.ts). */
    instanceId: bus.instanceId,
    announceInstance: bus.announceInstance,
    onInstance: bus.onInstance,
    /** A session ended (sign-out, revocation): every instance closes the streams opened with it. */
    endSession: (ended: SessionEnded) => bus.endSession(ended),
    stats: hub.stats,
    /** Ends the open streams and the LISTEN connection (graceful shutdown). */
    async close() {
      hub.close();
      await bus.close();
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
