// Moved to the one test-data kit (apps/server/src/test/kit); this re-export goes once every test imports from there.
export * from '../../test/kit/index.ts';
