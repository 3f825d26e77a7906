/**
 * Where a validation issue points, as `details[].field` says it (contracts `fieldIssueSchema`):
 * `/matching/filter_str/0/field` reads `matching.filter_str[0].field`. Both zod's issues (through
 * fastify-type-provider-zod) and Fastify's own arrive as JSON pointers, which no longer tell an array
 * index from a key; an all-digit segment is taken for an index, as no schema has a key of digits.
 */
export function validationField(instancePath: string, whole: string): string {
  const segments = instancePath.split('/').filter((segment) => segment !== '');
  const field = segments.reduce((path, segment) => {
    if (/^\d+$/.test(segment)) return `${path}[${segment}]`;
    return path === '' ? segment : `${path}.${segment}`;
  }, '');
  return field === '' ? whole : field;
}
