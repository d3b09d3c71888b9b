// The yardstick of `npm run bench` (issue 27): a bare node:http server that answers, from memory,
// the very bytes the product answered for each path (its brotli body, its content type), and nothing
// else. What the product costs beyond this is ours: routing, hooks, headers, caches, the database.
// Usage: node scripts/bare-server.mjs ANSWERS.json PORT  (ANSWERS: { "/path": { type, encoding, body: base64 } })
import fs from 'node:fs';
import http from 'node:http';

const [answersFile, port] = process.argv.slice(2);
const answers = new Map(
  Object.entries(JSON.parse(fs.readFileSync(answersFile, 'utf8'))).map(([path, answer]) => {
    const body = Buffer.from(answer.body, 'base64');
    const headers = { 'content-type': answer.type, 'content-length': String(body.length), ...(answer.encoding ? { 'content-encoding': answer.encoding } : {}) };
    return [path, { headers, body }];
  }),
);

http
  .createServer((request, response) => {
    const answer = answers.get(request.url);
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, answer.headers).end(answer.body);
  })
  .listen(Number(port), '127.0.0.1', () => console.log(`bare: ${port}`));
