// The runtime's own floor for "start to first 200": Deno boots, node:http listens, answers 200.
// tests/bench/foundation.ts spawns it exactly the way it spawns main.ts.
import http from "node:http";
import process from "node:process";

const server = http.createServer((_req, res) => {
  res.writeHead(200, { "content-type": "text/plain" });
  res.end("ok");
});
server.listen(Number(process.env.PORT), process.env.HOST || "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
