// The machine's floor for one page (issue 28): a bare node:http server answering the bytes and
// headers it is given on stdin (JSON: { status, headers, body: base64 }) from memory, on the
// port given as argv[2] (0: any free one; the port is printed on stdout once listening).
import http from "node:http";

let input = "";
process.stdin.setEncoding("utf8");
for await (const chunk of process.stdin) input += chunk;
const page = JSON.parse(input);
const body = Buffer.from(page.body, "base64");
const headers = { ...page.headers, "content-length": String(body.length) };
const server = http.createServer((_req, res) => {
  res.writeHead(page.status, headers);
  res.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.argv[2] ?? 0), "127.0.0.1", () => {
  process.stdout.write(`${server.address().port}\n`);
});
