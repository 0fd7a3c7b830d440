import type { Logger } from "../logger";
import type { EventsService } from "./service";

/**
 * Several instances of the store on one PostgreSQL database must share their pictures (S3): an
 * instance that keeps them in DATA_DIR/media serves them alone, and its uploads answer 404 on
 * the others (docs/deploy.md, section 6). Instances find each other through the live events'
 * LISTEN/NOTIFY (decision 044): each says so once its LISTEN is in place, every instance that
 * hears it answers, and an instance without S3 logs a warning for each other instance it learns
 * of, so the one that started first warns too. On the embedded database there is one process
 * and nothing to say.
 */
export async function watchForOtherInstances(deps: {
  events: Pick<EventsService, "instanceId" | "announceInstance" | "onInstance" | "listening">;
  /** DATA_DIR/media when pictures are kept on this instance's disk; undefined with S3. */
  localMediaDir: string | undefined;
  logger: Logger;
}): Promise<void> {
  const { events, localMediaDir } = deps;
  const log = deps.logger.child({ component: "instances" });
  const known = new Set<string>();
  events.onInstance((other) => {
    // A newcomer learns of the instances already running from their answers.
    if (!other.reply) void events.announceInstance(true);
    if (known.has(other.id)) return;
    known.add(other.id);
    if (localMediaDir) {
      log.warn(
        { otherInstance: other.id, instance: events.instanceId, mediaDir: localMediaDir },
        "another instance of the store uses this database, and this one keeps pictures on its own disk: pictures uploaded here answer 404 on the other instances; set S3_BUCKET (docs/deploy.md, section 6)",
      );
    } else
      log.info(
        { otherInstance: other.id, instance: events.instanceId },
        "another instance of the store uses this database",
      );
  });
  await events.listening();
  await events.announceInstance(false);
}
