/**
 * The shop runs on Node.js 24 LTS (docs/operations.md «Node.js»); `npm start` brings it. Imported first
 * by main.ts, so that an older Node stops here with what to do, before a dependency that needs a newer
 * one fails to load with an error that says nothing of the cause.
 */
const SUPPORTED_NODE_MAJOR = 24;

if (Number(process.versions.node.split('.')[0]) < SUPPORTED_NODE_MAJOR) {
  console.error(
    `需要 Node.js ${SUPPORTED_NODE_MAJOR}，当前是 ${process.version}：请用 npm start 运行（npm ci 装好项目自带的 Node ${SUPPORTED_NODE_MAJOR}），` +
      `或在主机上安装 Node.js ${SUPPORTED_NODE_MAJOR}。The shop needs Node.js ${SUPPORTED_NODE_MAJOR} LTS (docs/operations.md).`,
  );
  process.exit(1);
}
