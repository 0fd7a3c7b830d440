import { lookup as dnsLookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { InvalidInputError } from "../../domain/errors";
import { ADDRESS_KIND_TEXT, type AddressKind, addressKind, normalizeAddress } from "./addresses";

/**
 * Downloads on an operator's behalf from addresses someone else wrote (the image URLs of an
 * `import-products` CSV), so that they cannot reach this machine or the networks behind it
 * (SSRF): only http: and https:; the host name resolved once, refused when any of its addresses
 * is not public (addressKind), and the connection made to the address that was checked, never
 * to a second DNS answer (no DNS rebinding between check and connect); every redirect checked
 * the same way, at most `maxRedirects`; the body read as a stream and cut off as soon as it
 * passes `maxBytes`; the whole download within `timeoutMs`.
 */

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** All the addresses of a host name, in the order the system would try them. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** Where names come from and which addresses count as public; the tests replace both (there is no internet there). */
export interface PublicNetwork {
  resolve?: Resolver;
  addressKind?: (address: string) => AddressKind | null;
}

export interface PublicFetchOptions extends PublicNetwork {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
}

/** The address was not fetched: another scheme, or a host that is not public. The message names the URL and why. */
export class DownloadRefusedError extends InvalidInputError {
  constructor(message: string) {
    super(message);
    this.name = "DownloadRefusedError";
  }
}

/** The body passed the limit; nothing more was read. */
export class DownloadTooLargeError extends InvalidInputError {
  constructor(reference: string) {
    super(`${reference} is larger than the limit`);
    this.name = "DownloadTooLargeError";
  }
}

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Settles as `promise` does, or rejects when `signal` aborts first. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** A lookup that answers the checked address whatever the name: the socket connects there and nowhere else. */
function pinned(target: ResolvedAddress): LookupFunction {
  return ((_hostname, options, callback) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  }) as LookupFunction;
}

/**
 * Downloads `reference` within the rules above. Throws DownloadRefusedError (the message names
 * the URL, the address and its kind), DownloadTooLargeError, or InvalidInputError for a download
 * that failed (`… could not be downloaded (HTTP 404)`).
 */
export async function fetchPublic(reference: string, options: PublicFetchOptions): Promise<Buffer> {
  const { maxBytes, timeoutMs, maxRedirects = 5 } = options;
  const resolve = options.resolve ?? systemResolver;
  const kindOf = options.addressKind ?? addressKind;
  const signal = AbortSignal.timeout(timeoutMs);
  const failed = (why: string) => new InvalidInputError(`${reference} could not be downloaded (${why})`);
  const why = (error: unknown) =>
    signal.aborted ? `no answer within ${Math.round(timeoutMs / 1000)} s` : (error as Error).message;

  let url: URL;
  try {
    url = new URL(reference);
  } catch {
    throw new DownloadRefusedError(`${reference} was not downloaded: it is not a valid address`);
  }
  for (let redirects = 0; ; redirects++) {
    // "it redirects to …, and" before the reason when the address came from a redirect.
    const via = redirects ? `it redirects to ${url.href}` : "";
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new DownloadRefusedError(
        `${reference} was not downloaded: ${via ? `${via}; ` : ""}only http:// and https:// addresses are fetched`,
      );

    const literal = normalizeAddress(url.hostname);
    let addresses: ResolvedAddress[];
    if (literal) addresses = [{ address: literal, family: isIP(literal) }];
    else {
      try {
        addresses = await abortable(resolve(url.hostname), signal);
      } catch (error) {
        throw failed(signal.aborted ? why(error) : `the host ${url.hostname} was not found`);
      }
      if (!addresses.length) throw failed(`the host ${url.hostname} was not found`);
    }
    // Every address the name has, not only the first: the system could try any of them.
    for (const { address } of addresses) {
      const kind = kindOf(address) ?? "reserved";
      if (kind === "public") continue;
      const where = literal
        ? `${address} is ${ADDRESS_KIND_TEXT[kind]}`
        : `${url.hostname} resolves to ${address}, ${ADDRESS_KIND_TEXT[kind]}`;
      throw new DownloadRefusedError(
        `${reference} was not downloaded: ${via ? `${via}, and ` : ""}${where}; only public addresses are fetched`,
      );
    }
    const target = addresses[0];

    const client = url.protocol === "https:" ? https : http;
    let response: IncomingMessage;
    const request = client.request(url, {
      method: "GET",
      headers: { accept: "image/png, image/jpeg, image/webp, image/*;q=0.8", "user-agent": "threadline-store" },
      agent: false,
      lookup: pinned({ address: target.address, family: target.family || isIP(target.address) }),
      signal,
    });
    try {
      response = await new Promise<IncomingMessage>((resolveResponse, reject) => {
        request.once("response", resolveResponse);
        request.once("error", reject);
        request.end();
      });
    } catch (error) {
      throw failed(why(error));
    }
    // Errors after the answer (a reset, the time-out) surface through the body below.
    request.on("error", () => {});
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (REDIRECTS.has(status) && location) {
      response.destroy();
      if (redirects >= maxRedirects) throw failed(`more than ${maxRedirects} redirects`);
      try {
        url = new URL(location, url);
      } catch {
        throw failed(`a redirect to an invalid address`);
      }
      continue;
    }
    if (status < 200 || status > 299) {
      response.destroy();
      throw failed(`HTTP ${status}`);
    }
    if (Number(response.headers["content-length"] ?? 0) > maxBytes) {
      response.destroy();
      throw new DownloadTooLargeError(reference);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response) {
        size += (chunk as Buffer).length;
        // Leaving the loop destroys the response: the rest is never read.
        if (size > maxBytes) throw new DownloadTooLargeError(reference);
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      if (error instanceof DownloadTooLargeError) throw error;
      throw failed(why(error));
    }
    return Buffer.concat(chunks, size);
  }
}
