// Loads the browser's number data off the page's main thread (docs/decisions/0036-islands.md, fifth
// addendum). A page's first number format makes the browser load its locale data: 17–90 ms in one
// task on this project's machines, four times that on a phone, and no part of it can be cut into
// shorter tasks. That data belongs to the page's whole process, not to one thread: once this worker
// has formatted a number, the page's own first format costs a fraction of a millisecond. The page's
// script starts it after the first paint, on the pages whose islands format numbers (`Island`'s
// `numbers`), and it ends itself.
new Intl.NumberFormat().format(0);
self.close();
