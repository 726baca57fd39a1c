// The documented HTTP API as the page calls it: the query of a spec's route (its file name
// included), an answer's JSON, and a POST of the spec being edited.
import {$} from "./dom.js";
import {state, isSpecName} from "./state.js";
import {reach} from "./connection.js";

export function query(parameters) {
  const all = {name: state.name || $("#save-as").value || "untitled.json", ...parameters};
  if (!isSpecName(all.name)) all.name = "untitled.json";
  return new URLSearchParams(all).toString();
}

// An answer's JSON; an answer that is not JSON (a proxy's error page) as an error naming its status.
export function answerJSON(answer) { return answer.json().catch(() => ({error: `the server answered ${answer.status}`})); }

// An error answer's fields ride on the Error: `path` and `problem` when GronaSnap refused the spec;
// no answer at all is an Error with `unanswered` (connection.js). `body` is the spec's text.
export async function post(route, parameters, signal, body = JSON.stringify(state.spec)) {
  const answer = await reach(`/api/${route}?${query(parameters)}`, {method: "POST", body, signal,
                                                                    headers: {"Content-Type": "application/json"}});
  if (!answer.ok) {
    const problem = await answerJSON(answer);
    throw Object.assign(new Error(problem.error), {status: answer.status, path: problem.path});
  }
  return answer;
}
