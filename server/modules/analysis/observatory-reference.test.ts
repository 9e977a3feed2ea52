import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type ObservatoryInput, type ObservatoryTestName, runObservatory } from "./observatory.ts";

/**
 * The MDN HTTP Observatory's own test cases, as data (tests/references/observatory/cases.json): every
 * call its test suite makes to one of its twelve analysers, with the request state it passed in, the
 * result and pass it got, and the score and grade its scanner gives the same state. Nobody here wrote
 * them; tests/references/observatory/README.md says how they were taken from its repository.
 */
interface Case {
  source: string;
  test: ObservatoryTestName;
  result: string;
  /** null when its test asked with an expectation of its own, which moves pass, not result. */
  pass: boolean | null;
  score: number | null;
  grade: string | null;
  input: number;
}

const data = JSON.parse(
  readFileSync(new URL("../../../tests/references/observatory/cases.json", import.meta.url), "utf8"),
) as { commit: string; cases: Case[]; inputs: ObservatoryInput[] };

const runs = data.cases.map((c, i) => ({ i, c, scan: runObservatory(data.inputs[c.input]!) }));

describe(`MDN HTTP Observatory ${data.commit.slice(0, 7)}: its ${data.cases.length} test cases`, () => {
  it("agrees on every test result and pass, and on every score and grade", () => {
    const results = runs.filter(({ c, scan }) => scan.tests[c.test].result === c.result);
    const passes = runs.filter(({ c }) => c.pass !== null);
    const passAgree = passes.filter(({ c, scan }) => scan.tests[c.test].pass === c.pass);
    const graded = runs.filter(({ c }) => c.grade !== null);
    const scoreAgree = graded.filter(({ c, scan }) => scan.score === c.score);
    const gradeAgree = graded.filter(({ c, scan }) => scan.grade === c.grade);
    const disagreements = runs
      .filter(
        ({ c, scan }) =>
          scan.tests[c.test].result !== c.result ||
          (c.pass !== null && scan.tests[c.test].pass !== c.pass) ||
          (c.grade !== null && (scan.score !== c.score || scan.grade !== c.grade)),
      )
      .map(({ i, c, scan }) => ({
        case: i,
        source: c.source,
        test: c.test,
        expected: [c.result, c.pass, c.score, c.grade],
        got: [scan.tests[c.test].result, scan.tests[c.test].pass, scan.score, scan.grade],
      }));
    expect(disagreements).toEqual([]);
    expect({
      results: `${results.length}/${runs.length}`,
      passes: `${passAgree.length}/${passes.length}`,
      scores: `${scoreAgree.length}/${graded.length}`,
      grades: `${gradeAgree.length}/${graded.length}`,
    }).toEqual({
      results: `${runs.length}/${runs.length}`,
      passes: `${passes.length}/${passes.length}`,
      scores: `${graded.length}/${graded.length}`,
      grades: `${graded.length}/${graded.length}`,
    });
  });

  it("covers all twelve tests", () => {
    expect(new Set(data.cases.map((c) => c.test)).size).toBe(12);
  });
});
