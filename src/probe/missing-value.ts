// The marker for a sample with no value for a probe's key (the answer left it out), shared by the
// classifiers without tying them to each other.
export const MISSING_VALUE: unique symbol = Symbol("missing");
