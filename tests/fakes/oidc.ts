import { createSign, generateKeyPairSync, type KeyObject } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/** Who signs in at the fake Google next. */
export interface FakeGoogleUser {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
}

/** Ways the fake can spoil the ID token it hands out, to test that the store refuses it. */
export type IdTokenTamper = "wrong-audience" | "wrong-issuer" | "bad-signature" | "expired" | "re-signed-unchanged";

const b64url = (value: Buffer | string) => Buffer.from(value).toString("base64url");

function signRs256(payload: Record<string, unknown>, header: Record<string, unknown>, key: KeyObject): string {
  const head = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
  const signature = createSign("RSA-SHA256").update(head).sign(key);
  return `${head}.${b64url(signature)}`;
}

function tamper(idToken: string, mode: IdTokenTamper, key: KeyObject, otherKey: KeyObject): string {
  const [head, body] = idToken.split(".");
  const header = JSON.parse(Buffer.from(head, "base64url").toString("utf8"));
  const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  const now = Math.floor(Date.now() / 1000);
  switch (mode) {
    case "wrong-audience":
      return signRs256({ ...claims, aud: "someone-elses-client" }, header, key);
    case "wrong-issuer":
      return signRs256({ ...claims, iss: "https://evil.example" }, header, key);
    case "expired":
      return signRs256({ ...claims, iat: now - 7200, exp: now - 3600 }, header, key);
    case "bad-signature":
      return signRs256(claims, header, otherKey);
    case "re-signed-unchanged":
      // The control case: the same claims signed again with the right key must still pass.
      return signRs256(claims, header, key);
  }
}

/**
 * A real OpenID provider (the `oidc-provider` package) standing in for Google: discovery,
 * authorization with PKCE, token and userinfo endpoints, RS256 ID tokens. Sign-in is
 * automatic: the next interaction signs in `nextUser` (or cancels, like a closed popup).
 */
export async function startFakeOidc(options: { clientId: string; clientSecret: string; redirectUris: string[] }) {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const { privateKey: otherKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: "jwk" }), kid: "fake-google-1", use: "sig", alg: "RS256" };

  const state: { nextUser: FakeGoogleUser | "cancel"; tamper?: IdTokenTamper } = {
    nextUser: { sub: "google-0001", email: "someone@gmail.com", email_verified: true },
  };
  const people = new Map<string, FakeGoogleUser>();

  let provider: Provider | undefined;
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: ["fake-google-cookie-key"] },
    // Like Google: the profile claims are in the ID token itself.
    conformIdTokenClaims: false,
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name"],
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, id) => {
      const person = people.get(id);
      if (!person) return undefined;
      return { accountId: id, claims: async () => ({ ...person }) };
    },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  provider.proxy = false;
  const callback = provider.callback();

  server.on("request", async (req, res) => {
    try {
      if (req.url?.startsWith("/interaction/")) {
        const details = await provider!.interactionDetails(req, res);
        if (state.nextUser === "cancel") {
          await provider!.interactionFinished(req, res, {
            error: "access_denied",
            error_description: "End-User aborted interaction",
          });
          return;
        }
        const person = state.nextUser;
        people.set(person.sub, person);
        const grant = new provider!.Grant({ accountId: person.sub, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope ?? "openid"));
        const grantId = await grant.save();
        await provider!.interactionFinished(req, res, { login: { accountId: person.sub }, consent: { grantId } });
        return;
      }
      if (req.url?.startsWith("/token") && state.tamper) {
        const mode = state.tamper;
        const end = res.end.bind(res);
        res.end = ((chunk?: unknown) => {
          const body = JSON.parse(String(chunk));
          if (typeof body.id_token === "string") body.id_token = tamper(body.id_token, mode, privateKey, otherKey);
          const out = JSON.stringify(body);
          res.setHeader("content-length", Buffer.byteLength(out));
          return end(out);
        }) as typeof res.end;
      }
      callback(req, res);
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });

  return {
    issuer,
    state,
    /**
     * Plays the browser at the provider: follows the authorization URL through the provider's
     * redirects (keeping its cookies) and returns the URL it finally sends the browser to.
     */
    async authorize(url: string): Promise<string> {
      const cookies = new Map<string, string>();
      let next = url;
      for (let hop = 0; hop < 10; hop++) {
        if (!next.startsWith(issuer)) return next;
        const res = await fetch(next, {
          redirect: "manual",
          headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
        });
        for (const c of res.headers.getSetCookie()) {
          const [pair] = c.split(";");
          const at = pair.indexOf("=");
          cookies.set(pair.slice(0, at), pair.slice(at + 1));
        }
        const location = res.headers.get("location");
        if (!location) throw new Error(`provider stopped at ${next} with ${res.status}: ${await res.text()}`);
        next = new URL(location, next).toString();
      }
      throw new Error("too many redirects at the provider");
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeOidc = Awaited<ReturnType<typeof startFakeOidc>>;
