// Loaded before the portal by a test (`--import`): SIGWINCH (which nothing else listens to) makes the process throw an error that
// nothing catches, as a bug would, so that a test can see what a crash keeps.
process.on('SIGWINCH', () => {
  setImmediate(() => {
    throw new Error('thrown where nothing catches it (SIGWINCH from a test)');
  });
});
