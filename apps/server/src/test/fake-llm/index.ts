// The fake OpenAI-compatible endpoint for tests, the vendors' chunk shapes, and a recording TurnIO.
export { startFakeLlm, type FakeLlm, type FakeReply, type FakeRequest, type FakeScript } from './fake-llm.ts';
export * as chunk from './chunks.ts';
export { fakeIo, TEST_TOOLS, type FakeIo } from './fake-io.ts';
