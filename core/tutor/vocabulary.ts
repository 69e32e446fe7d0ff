/**
 * The course's vocabulary for the tutor's question matcher: words that carry no meaning in a
 * question, and words learners use for the same thing. Kept small and kept by hand: every
 * group is a set of words the lessons themselves use interchangeably, or that a learner
 * reaches for where the lessons use the first word of the group.
 */

/** Words that say nothing about which question is asked. */
export const STOPWORDS: readonly string[] = [
  ...['a', 'an', 'the', 'of', 'to', 'in', 'on', 'for', 'with', 'at', 'by', 'from', 'into'],
  ...['onto', 'as', 'than', 'then', 'so', 'and', 'or', 'but', 'if', 'else', 'about', 'time'],
  ...['it', 'its', 'this', 'that', 'these', 'those', 'there', 'here', 'thing', 'things'],
  ...['i', 'me', 'my', 'mine', 'you', 'your', 'we', 'our', 'us', 'they', 'them', 'their'],
  ...['he', 'she', 'his', 'her', 'someone', 'something', 'anything'],
  ...['why', 'what', 'whats', 'how', 'hows', 'when', 'where', 'which', 'who', 'whom', 'whose'],
  ...['is', 'isnt', 'are', 'arent', 'was', 'wasnt', 'were', 'be', 'been', 'being', 'am'],
  ...['do', 'does', 'doesnt', 'did', 'didnt', 'dont', 'done', 'doing', 'have', 'has', 'had'],
  ...['can', 'cant', 'could', 'couldnt', 'should', 'shouldnt', 'would', 'wouldnt', 'will'],
  ...['wont', 'shall', 'may', 'might', 'must', 'need', 'needs', 'ought'],
  ...['just', 'also', 'really', 'actually', 'even', 'still', 'very', 'quite', 'too'],
  ...['instead', 'rather', 'please', 'tell', 'explain', 'mean', 'means', 'meant', 'point'],
  ...['way', 'ok', 'okay', 'hey', 'hi', 'hello', 'well', 'like', 'get', 'gets', 'got'],
  ...['im', 'ive', 'youre', 'thats', 'theres', 'lets', 'let', 'go', 'goes', 'going'],
  ...['code', 'lesson', 'exactly', 'purpose', 'idea', 'reason', 'understand', 'sure'],
  ...['want', 'wanted', 'happen', 'happens', 'wonder', 'wondering', 'confused'],
  // General English that says nothing about the lesson, whether it uses the word or not.
  ...['not', 'no', 'nor', 'now', 'yet', 'while', 'part', 'kind', 'sort', 'know', 'knows'],
  ...['handle', 'handles', 'handled', 'deal', 'anyway', 'anywhere', 'everywhere', 'somewhere'],
];

/**
 * Groups of words that mean the same thing here; the first word of each group stands for the
 * group. Words are matched after stemming, so one form of a word is enough.
 */
export const SYNONYMS: readonly (readonly string[])[] = [
  ['reply', 'response', 'answer'],
  ['result', 'output'],
  ['return', 'report'],
  ['call', 'invoke', 'invocation', 'ask'],
  ['cap', 'limit', 'bound', 'maximum', 'max', 'ceiling'],
  ['stop', 'end', 'finish', 'halt', 'terminate', 'exit', 'quit'],
  ['error', 'exception', 'failure', 'fail', 'throw', 'crash'],
  ['message', 'msg'],
  ['id', 'identifier'],
  ['tool', 'function'],
  ['loop', 'iterate', 'iteration', 'cycle'],
  ['history', 'conversation', 'transcript'],
  ['parallel', 'concurrent', 'concurrently', 'simultaneous', 'simultaneously'],
  ['sequential', 'sequentially', 'serial', 'serially', 'sequence'],
  ['order', 'ordering'],
  ['push', 'append', 'add'],
  ['array', 'list'],
  ['interrupt', 'cancel', 'abort'],
  ['cost', 'bill', 'price', 'charge', 'spend', 'pay'],
  ['timeout', 'hang', 'hung', 'slow', 'forever'],
  ['retry', 'resend', 'repeat'],
  ['refuse', 'refusal', 'reject', 'rejection', 'decline'],
  ['truncate', 'truncation', 'partial'],
  ['inbox', 'queue'],
  ['map', 'dictionary', 'lookup', 'hashmap'],
  ['definition', 'schema', 'declaration'],
  ['wrong', 'incorrect', 'broken', 'bad'],
  ['many', 'several', 'multiple'],
  ['one', 'single'],
  ['together', 'once'],
  ['last', 'final'],
  ['over', 'exceed', 'beyond', 'above'],
  ['copy', 'clone', 'duplicate'],
  ['check', 'test', 'inspect', 'look', 'read'],
  ['field', 'property', 'prop', 'key'],
  ['budget', 'allowance'],
  ['stacktrace', 'stack', 'traceback', 'backtrace'],
  ['nonexistent', 'missing', 'unknown', 'undefined'],
];

/**
 * Phrases that stand for one word (after lowercasing, before stemming): "one by one" is
 * "sequential", "cut off" is "truncate".
 */
export const PHRASES: readonly (readonly [string, string])[] = [
  // The kinds of loop, by their keyword: "for" and "while" alone are everyday words.
  ['for loop', 'forloop'],
  ['for of', 'forloop'],
  ['for const', 'forloop'],
  ['for let', 'forloop'],
  ['while loop', 'whileloop'],
  ['while true', 'whileloop'],
  ['do while', 'whileloop'],
  ['one by one', 'sequential'],
  ['one at a time', 'sequential'],
  ['one after another', 'sequential'],
  ['one after the other', 'sequential'],
  ['in turn', 'sequential'],
  ['at the same time', 'parallel'],
  ['all at once', 'parallel'],
  ['cut off', 'truncate'],
  ['cuts off', 'truncate'],
  ['time out', 'timeout'],
  ['timed out', 'timeout'],
  ['times out', 'timeout'],
  ['took so long', 'timeout'],
  ['takes so long', 'timeout'],
  ['too long', 'timeout'],
  ['try again', 'retry'],
  ['does not exist', 'nonexistent'],
  ['doesnt exist', 'nonexistent'],
  ['isnt there', 'nonexistent'],
  ['stack trace', 'stacktrace'],
];
