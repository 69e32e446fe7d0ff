// What the request checks share: an issue the API would refuse, and a message whose shape passed.

/** Why the API would refuse a request: its own message, and what in the loop causes it. */
export interface RequestIssue {
  /** The API's wording, e.g. `messages.1.role: Input should be 'user' or 'assistant'`. */
  message: string;
  /** One plain-English sentence on the likely cause in the learner's loop. */
  explanation: string;
}

/** A message whose shape `checkMessageShape` accepted. */
export interface ShapedMessage {
  role: 'user' | 'assistant';
  content: string | Record<string, unknown>[];
}
