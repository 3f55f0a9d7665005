// How long a text is, as a writer of Chinese and English counts it: every CJK character is a
// word (Chinese has no spaces to count by), and a run of letters or digits in any other script
// is one word ("don't", "e-mail" and "3.14" each one). Characters are what a person sees as
// one (grapheme clusters: an emoji with its modifiers is one), spaces and line breaks left out.

/** Han, kana, Hangul, and CJK punctuation-free symbols a writer counts one by one. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** A letter or digit of any other script: what a word is made of. */
const WORDLIKE = /[\p{L}\p{N}]/u;
/** What may join two parts of one word: "don't", "e-mail", "3.14", "a_b". */
const JOINER = /^['’\-._]$/u;

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

export interface TextCount {
  words: number;
  characters: number;
}

/** The text's words and characters, CJK characters counted as words. */
export function countText(text: string): TextCount {
  let words = 0;
  let characters = 0;
  /** Inside a run of word characters (a word already counted). */
  let inWord = false;
  /** A joiner just followed a word character: the word goes on if a word character comes. */
  let joined = false;
  for (const { segment } of graphemes.segment(text)) {
    if (!/^\s+$/u.test(segment)) characters++;
    if (CJK.test(segment)) {
      words++;
      inWord = false;
      joined = false;
    } else if (WORDLIKE.test(segment)) {
      if (!inWord && !joined) words++;
      inWord = true;
      joined = false;
    } else if (inWord && JOINER.test(segment)) {
      joined = true;
      inWord = false;
    } else {
      inWord = false;
      joined = false;
    }
  }
  return { words, characters };
}
