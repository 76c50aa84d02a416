/**
 * @lifeline/analyses — analyses written against op interfaces (never op names)
 * and the test passes that print them the way mlir-opt-19's test passes do.
 */
export { registerAnalysisTestPasses } from './test-passes.js';
