import { singleLineText } from '../../host/sdk/index.js';

/** A host user's name as operations take it: one line, no control, lone-surrogate or bidi override characters. */
export const USER_NAME = singleLineText(253, 1);
