// npm run eval:assistant — the chat assistant's accuracy on the question set in
// tests/assistant-eval/ (per language, per kind, follow-ups, harmful answers) and its answer time.
//   --holdout   score only the held-out half; --dev   only the development half; default both.
//   --failures  print every wrong answer.
// With LLM_BASE_URL (and LLM_MODEL) set, the same set is also asked through that OpenAI-compatible
// API; LLM_BASE_URL=double starts the loopback double from tests/doubles/ and uses it.
import { builtinAssistant } from "#server/modules/chat/assistant/builtin-assistant.ts";
import { openAiCompatibleAssistant } from "#server/modules/chat/assistant/openai-compatible-assistant.ts";
import { startOpenAiDouble } from "../tests/doubles/openai-compatible.ts";
import { devQuestions } from "../tests/assistant-eval/questions-dev.ts";
import { holdoutQuestions } from "../tests/assistant-eval/questions-holdout.ts";
import { report, runEval, summarize, type Graded } from "../tests/assistant-eval/grade.ts";

const args = new Set(process.argv.slice(2));
const cases = args.has("--holdout")
  ? holdoutQuestions
  : args.has("--dev")
    ? devQuestions
    : [...devQuestions, ...holdoutQuestions];
const set = args.has("--holdout") ? "held-out set" : args.has("--dev") ? "development set" : "whole set";

function printFailures(results: Graded[]) {
  if (!args.has("--failures")) return;
  for (const g of results.filter((r) => !r.correct)) {
    const after = g.case.before ? `(after ${JSON.stringify(g.case.before)}) ` : "";
    const reply = g.reply.text.replace(/\n/g, " ").slice(0, 300);
    console.log(
      `  ✗ ${g.case.id} [${g.case.kind}] ${after}${g.case.q}\n      ${g.problems.join("; ")}\n      → ${reply}`,
    );
  }
}

const builtin = builtinAssistant();
// One warm-up pass so the timing is the steady state a running server sees.
await runEval(builtin, cases.slice(0, 10));
const results = await runEval(builtin, cases);
console.log(report(`built-in assistant, ${set} (${cases.length} questions)`, summarize(results)));
printFailures(results);

const llmUrl = process.env.LLM_BASE_URL;
if (llmUrl) {
  // "double": the loopback OpenAI-compatible server of tests/doubles/, acting as a model that grounds
  // every answer through the site_answer tool. It measures the LLM path's plumbing (tools, grounding,
  // language, safety screening, fallback), not a real model's wording.
  const double = llmUrl === "double" ? await startOpenAiDouble() : null;
  double?.behave({ kind: "grounded", tool: "site_answer" });
  const llm = openAiCompatibleAssistant({
    baseUrl: double?.url ?? llmUrl,
    apiKey: process.env.LLM_API_KEY,
    model: process.env.LLM_MODEL ?? "test-model",
    timeoutMs: Number(process.env.LLM_TIMEOUT_MS ?? 15000),
    fallback: builtin,
    retrieve: (q, language) => builtin.search(q, language),
  });
  const answered = await runEval(llm, cases);
  const viaModel = answered.filter((g) => g.reply.source === "llm").length;
  console.log(
    report(
      `LLM path at ${double ? "the loopback double" : llmUrl} (${viaModel} of ${cases.length} answered through the model)`,
      summarize(answered),
    ),
  );
  printFailures(answered);
  await double?.close();
}
