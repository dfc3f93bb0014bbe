// The baseline of every benchmark run: a bare node:http server on the same Node, answering each
// request with a small JSON reply shaped like the shop's envelope. What the shop's server reaches
// is read against this: the cost of HTTP on this machine with nothing else done.
import http from 'node:http';

const port = Number(process.argv[2] ?? 0);
const body = JSON.stringify({ code: 0, message: '', data: 'hello world', success: true });
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
