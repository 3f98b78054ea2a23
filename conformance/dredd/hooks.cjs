// Dredd hookfile (CommonJS, as Dredd requires). The logic lives in TypeScript: the runner puts a
// handler per target endpoint on globalThis before it starts Dredd in the same process, and these
// hooks delegate to it, so several Dredd runs against different endpoints can share the process.
const hooks = require("hooks");

function handlerFor(transaction) {
  const registry = globalThis.__conformanceDredd || {};
  const endpoint = `${transaction.protocol}//${transaction.host}:${transaction.port}`;
  const handler = registry[endpoint];
  if (!handler) throw new Error(`no conformance handler registered for ${endpoint}`);
  return handler;
}

hooks.beforeEach((transaction, done) => {
  handlerFor(transaction)
    .before(transaction)
    .then(() => done(), (error) => {
      transaction.fail = `preparation failed: ${error && error.message ? error.message : error}`;
      done();
    });
});

hooks.beforeEachValidation((transaction, done) => {
  try {
    const handler = handlerFor(transaction);
    if (handler.beforeValidation) handler.beforeValidation(transaction);
  } catch (error) {
    transaction.fail = `response check failed: ${error && error.message ? error.message : error}`;
  }
  done();
});

hooks.afterEach((transaction, done) => {
  try {
    handlerFor(transaction).after(transaction);
  } catch (error) {
    transaction.fail = `response check failed: ${error && error.message ? error.message : error}`;
  }
  done();
});
