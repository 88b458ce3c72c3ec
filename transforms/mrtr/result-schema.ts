// Why a roots request that names a result schema other than ListRootsResultSchema stays marked. An SDK request or
// notification schema requires a `method` field no result carries, so the SDK's parse rejects every answer: the
// original only ever ran what the request's failure leads to, and MRTR would hand the code the client's roots for
// the first time. Any other schema is the project's own, whose parse result uproot cannot prove equal to v2's.
import { schemaMethods } from '@uproot/core/planning';

/** The marker detail for a roots request whose answer is parsed by `schema` (its SDK export name, if it is one). */
export function ownResultSchemaDetail(schema: string | undefined): string {
  const method = schema ? schemaMethods[schema] : undefined;
  if (schema && method && !method.includes('#result')) {
    return `the request parses the answer with ${schema}, the SDK's schema of the ${method} ${method.startsWith('notifications/') ? 'notification' : 'request'} itself: it requires a \`method\` field that no roots/list answer has, so the request fails on every client that answers (on v1 as on v2) and only its failure path ever ran; MRTR would hand the code the client's roots for the first time, a change of behaviour a person must choose (pass ListRootsResultSchema to keep the roots, or drop the request to keep the failure path)`;
  }
  return 'the request parses the answer with its own result schema';
}
