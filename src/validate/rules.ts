/**
 * The checks validation and loading run, described as rules: `apictl rules` lists them,
 * `apictl rules show` documents them (rulesets/rules/validation/<code>.yaml), and a config can change their
 * severity or turn them off like any other rule. Their findings come from validateDocument and
 * the loader, not from the rule engine; lint applies the configured severity to them.
 * (`validation-truncated` is a notice that validation stopped counting, not a check.)
 */
import type { Severity } from '../findings/finding.js';
import * as codes from './codes.js';

export interface ValidationRule {
  code: string;
  /** The severity the check reports with. */
  severity: Severity;
  description: string;
  fix: string;
}

const rule = (code: string, severity: Severity, description: string, fix: string): ValidationRule => ({ code, severity, description, fix });

export const VALIDATION_RULES: readonly ValidationRule[] = [
  rule(
    codes.SCHEMA_CODE_OAS2,
    'error',
    'The document is valid against the official Swagger 2.0 JSON Schema.',
    'Correct the structure the message points at (a misspelt key, a wrong type, a missing required field).',
  ),
  rule(
    codes.SCHEMA_CODE_OAS3,
    'error',
    'The document is valid against the official JSON Schema of its OpenAPI version (3.0, 3.1 or 3.2).',
    'Correct the structure the message points at (a misspelt key, a wrong type, a missing required field).',
  ),
  rule('unresolved-ref', 'error', 'Every $ref points to something that exists.', 'Point the $ref at an existing component (check the spelling and the path), or add the missing component.'),
  rule(
    'invalid-ref',
    'error',
    "Every internal $ref is a valid JSON pointer ('#/components/schemas/Name').",
    "Write the reference as '#/' followed by the path, with '~1' for '/' and '~0' for '~' inside names.",
  ),
  rule(
    'circular-ref',
    'error',
    'No chain of $refs that only point at each other (A → B → A) without ever reaching a value.',
    'Make one member of the chain a real schema (or object) instead of another bare $ref.',
  ),
  rule(codes.DUPLICATE_OPERATION_ID, 'error', 'Every operationId is unique in the document.', 'Rename one of the operations: generated clients and tools are named after operationIds.'),
  rule(
    codes.PATH_PARAM_UNDECLARED,
    'error',
    'Every {name} in a path template has an `in: path` parameter.',
    'Declare the parameter (name, in: path, required: true, schema) on the path item or on every operation.',
  ),
  rule(codes.PATH_PARAM_NOT_IN_TEMPLATE, 'error', 'Every `in: path` parameter occurs in its path template.', 'Remove the parameter, or add {name} to the path.'),
  rule(codes.PATH_PARAM_NOT_REQUIRED, 'error', 'Every `in: path` parameter says `required: true`.', 'Add `required: true`: a path parameter is always present.'),
  rule(codes.DUPLICATE_PARAMETER, 'error', 'No parameter list names the same parameter (name and location) twice.', 'Remove the duplicate, or give it another name or location.'),
  rule(codes.EQUIVALENT_PATHS, 'error', 'No two path templates differ only in the names of their variables (/a/{id} and /a/{name}).', 'Merge the two paths into one, with one parameter name.'),
  rule(codes.OAS2_FILE_PARAM_LOCATION, 'error', 'Swagger 2.0: a `type: file` parameter is `in: formData`.', 'Move the file to a formData parameter (and consume multipart/form-data).'),
  rule(
    codes.OAS2_FILE_PARAM_CONSUMES,
    'error',
    'Swagger 2.0: an operation with a file parameter consumes multipart/form-data or application/x-www-form-urlencoded.',
    'Add `consumes: [multipart/form-data]` to the operation.',
  ),
  rule(codes.OAS2_MULTIPLE_BODY_PARAMS, 'error', 'Swagger 2.0: an operation has at most one `in: body` parameter.', 'Combine the bodies into one schema.'),
  rule(codes.OAS2_BODY_AND_FORM_DATA, 'error', 'Swagger 2.0: an operation has `in: body` or `in: formData` parameters, not both.', 'Choose one: a JSON body, or form fields.'),
  rule(
    codes.OAS3_REQUEST_BODY_METHOD,
    'warn',
    'No requestBody on GET, HEAD or DELETE: HTTP defines no meaning for it, and many clients and proxies drop it.',
    'Move the input to query parameters, or use POST (or 3.2 QUERY) for a search with a body; turn the rule off if your clients rely on it.',
  ),
  rule(
    'response-code-quoted',
    'warn',
    "Response codes are quoted in YAML ('200'), as the specification requires: a YAML number key is not a string to strict readers.",
    "Quote the code: '200': instead of 200:.",
  ),
  rule(
    'yaml-flow-scalar-indentation',
    'warn',
    'A quoted value that continues on further lines indents them more than its key: YAML requires it, and most parsers refuse the file otherwise.',
    'Indent the continuation lines further than the key, or write the value on one line or as a block scalar (|, >).',
  ),
  rule(
    codes.SECURITY_SCHEME_UNDEFINED,
    'error',
    'Every security requirement names a defined security scheme.',
    'Define the scheme under components.securitySchemes (securityDefinitions in 2.0), or fix the name.',
  ),
];

const BY_CODE = new Map(VALIDATION_RULES.map((r) => [r.code, r]));

/** The validation rule of a finding code, if it is one. */
export function validationRule(code: string): ValidationRule | undefined {
  return BY_CODE.get(code);
}
