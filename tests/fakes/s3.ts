import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local S3-compatible server speaking the path-style object calls the store makes (PutObject,
 * GetObject, DeleteObject) for one bucket, keeping objects in memory. Every request must carry a
 * SigV4 Authorization header for the expected access key id; others get 403 as S3 answers them.
 * The signature itself is not verified: the SDK computes it, the fake only checks who claims to sign.
 */

export interface FakeS3Object {
  body: Buffer;
  contentType?: string;
  cacheControl?: string;
}

export interface FakeS3 {
  url: string;
  bucket: string;
  accessKeyId: string;
  /** Stored objects by key. */
  objects: Map<string, FakeS3Object>;
  /** Every request received, oldest first. */
  requests: { method: string; path: string; authorization?: string }[];
  stop(): Promise<void>;
}

function xmlError(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { "content-type": "application/xml" });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

export async function startFakeS3(options: { bucket?: string; accessKeyId?: string } = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? "images";
  const accessKeyId = options.accessKeyId ?? "fake-access-key";
  const objects = new Map<string, FakeS3Object>();
  const requests: FakeS3["requests"] = [];
  const credential = `AWS4-HMAC-SHA256 Credential=${accessKeyId}/`;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const method = req.method ?? "GET";
      const url = new URL(req.url ?? "/", "http://fake.local");
      const authorization = req.headers.authorization;
      requests.push({ method, path: url.pathname, authorization });
      if (!authorization?.startsWith(credential)) {
        return xmlError(
          res,
          403,
          "InvalidAccessKeyId",
          "The AWS Access Key Id you provided does not exist in our records.",
        );
      }
      const [, bucketName, ...rest] = url.pathname.split("/");
      if (bucketName !== bucket) return xmlError(res, 404, "NoSuchBucket", "The specified bucket does not exist");
      const key = decodeURIComponent(rest.join("/"));
      if (!key) return xmlError(res, 400, "InvalidRequest", "This fake serves object requests only");

      if (method === "PUT") {
        const body = Buffer.concat(chunks);
        objects.set(key, {
          body,
          contentType: req.headers["content-type"],
          cacheControl: req.headers["cache-control"],
        });
        res.writeHead(200, { etag: `"${body.length.toString(16)}-${objects.size}"` });
        return res.end();
      }
      if (method === "GET") {
        const object = objects.get(key);
        if (!object) return xmlError(res, 404, "NoSuchKey", "The specified key does not exist.");
        res.writeHead(200, {
          "content-type": object.contentType ?? "application/octet-stream",
          ...(object.cacheControl ? { "cache-control": object.cacheControl } : {}),
          "content-length": String(object.body.length),
        });
        return res.end(object.body);
      }
      if (method === "DELETE") {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      return xmlError(res, 405, "MethodNotAllowed", `${method} is not supported by this fake`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    objects,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
