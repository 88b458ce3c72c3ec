// The official conformance suite's 2026-07-28 MRTR scenarios (SEP-2322) that uproot's fixtures implement,
// with the tool each one calls (from the suite's scenario descriptions). Several scenarios share the
// elicitation tool: missing-input-response and validate-input send it odd retries. Left out:
// ignore-extra-params, which a push-style original passes too (its tool throws on 2026 and the isError result
// it returns counts as "complete"), so it tells nothing about a migration.
export interface ConformanceScenario {
  name: string;
  tool: string;
}

export const MRTR_SCENARIOS: readonly ConformanceScenario[] = [
  { name: 'input-required-result-basic-elicitation', tool: 'test_input_required_result_elicitation' },
  { name: 'input-required-result-basic-sampling', tool: 'test_input_required_result_sampling' },
  { name: 'input-required-result-basic-list-roots', tool: 'test_input_required_result_list_roots' },
  { name: 'input-required-result-request-state', tool: 'test_input_required_result_request_state' },
  { name: 'input-required-result-multiple-input-requests', tool: 'test_input_required_result_multiple_inputs' },
  { name: 'input-required-result-multi-round', tool: 'test_input_required_result_multi_round' },
  { name: 'input-required-result-missing-input-response', tool: 'test_input_required_result_elicitation' },
  { name: 'input-required-result-capability-check', tool: 'test_input_required_result_capabilities' },
  { name: 'input-required-result-validate-input', tool: 'test_input_required_result_elicitation' },
  { name: 'input-required-result-tampered-state', tool: 'test_input_required_result_tampered_state' },
];
