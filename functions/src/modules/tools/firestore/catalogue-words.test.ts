import { describe, expect, it } from "vitest";
import { byCodePoint, searchedWords, similarity, trigramsOf, WordDictionary, wordsOf } from "./catalogue-words.js";

describe("the catalogue's words", () => {
  it("when a text is read, then its words come in lower case, once each, without punctuation", () => {
    expect(wordsOf("Claw Hammer, 16oz: the hammer's claw!").sort()).toEqual(["16oz", "claw", "hammer", "s", "the"]);
  });

  it("when a word is hyphenated, then it comes whole and in parts, as PostgreSQL's parser has it", () => {
    expect(wordsOf("claw-hammer").sort()).toEqual(["claw", "claw-hammer", "hammer"]);
    expect(wordsOf("16-oz").sort()).toEqual(["16", "oz"]);
  });

  it("when a number has a decimal point or a name is dotted, then it is one word", () => {
    expect(wordsOf("3.5 mm 12.5cm v2.0").sort()).toEqual(["12.5", "3.5", "cm", "mm", "v2.0"]);
  });

  it("when a search is read, then its distinct words come in code-point order", () => {
    expect(searchedWords("Hamer claw hamer  Ärger")).toEqual(["claw", "hamer", "ärger"]);
  });

  it("when strings are compared, then code-point order puts characters beyond the BMP after every other", () => {
    expect(["\u{1F528}", "\uFF21", "b", "a"].sort(byCodePoint)).toEqual(["a", "b", "\uFF21", "\u{1F528}"]);
  });
});

describe("trigram similarity, as pg_trgm's", () => {
  it("when a word is padded, then its trigrams start with two spaces and end with one", () => {
    expect([...trigramsOf("cat")].sort()).toEqual(["  c", " ca", "at ", "cat"]);
  });

  it("when hamer is compared with hammer, then five of eight trigrams are shared", () => {
    expect(similarity(trigramsOf("hamer"), trigramsOf("hammer"))).toBeCloseTo(5 / 8);
  });
});

describe("the dictionary's alternatives", () => {
  const dictionary = new WordDictionary();
  for (const word of ["hammer", "hamper", "claw", "bench", "wrench", "saw"]) dictionary.add(word);

  it("when a word is a typo, then the similar words come, the most similar first", () => {
    expect(dictionary.alternatives("hamer")).toEqual(["hammer", "hamper"]);
  });

  it("when the dictionary has the word, then it comes alone", () => {
    expect(dictionary.alternatives("wrench")).toEqual([]);
  });

  it("when a word is shorter than three characters, then it is not corrected", () => {
    expect(dictionary.alternatives("sa")).toEqual([]);
  });

  it("when nothing is similar enough, then there is no alternative", () => {
    expect(dictionary.alternatives("drill")).toEqual([]);
  });

  it("when more than three words are similar, then the three closest come", () => {
    const many = new WordDictionary();
    for (const word of ["hammered", "hammers", "hamper", "hammer", "hammock"]) many.add(word);
    expect(many.alternatives("hamer")).toEqual(["hammer", "hamper", "hammers"]);
  });
});
