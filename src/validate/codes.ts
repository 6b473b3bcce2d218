/** Finding codes produced by validateDocument. */

/** Structural (JSON Schema) violations, by spec family. */
export const SCHEMA_CODE_OAS2 = 'oas2-schema';
export const SCHEMA_CODE_OAS3 = 'oas3-schema';

/** Two operations share an operationId (reported on the second). */
export const DUPLICATE_OPERATION_ID = 'duplicate-operation-id';
/** A `{name}` in a path template has no `in: path` parameter. */
export const PATH_PARAM_UNDECLARED = 'path-param-undeclared';
/** An `in: path` parameter whose name does not occur in the path template. */
export const PATH_PARAM_NOT_IN_TEMPLATE = 'path-param-not-in-template';
/** An `in: path` parameter without `required: true`. */
export const PATH_PARAM_NOT_REQUIRED = 'path-param-not-required';
/** The same name + in twice in one parameter list. */
export const DUPLICATE_PARAMETER = 'duplicate-parameter';
/** Two path templates that differ only in variable names (`/a/{id}` vs `/a/{name}`). */
export const EQUIVALENT_PATHS = 'equivalent-paths';
/** 2.0: a `type: file` parameter that is not `in: formData`. */
export const OAS2_FILE_PARAM_LOCATION = 'oas2-file-param-location';
/** 2.0: a `type: file` parameter on an operation that does not consume multipart or urlencoded forms. */
export const OAS2_FILE_PARAM_CONSUMES = 'oas2-file-param-consumes';
/** 2.0: more than one `in: body` parameter. */
export const OAS2_MULTIPLE_BODY_PARAMS = 'oas2-multiple-body-params';
/** 2.0: `in: body` and `in: formData` parameters on one operation. */
export const OAS2_BODY_AND_FORM_DATA = 'oas2-body-and-formdata';
/** 3.x: a requestBody on GET, HEAD or DELETE (warning). */
export const OAS3_REQUEST_BODY_METHOD = 'oas3-request-body-method';
/** A security requirement names a scheme that is not defined. */
export const SECURITY_SCHEME_UNDEFINED = 'security-scheme-undefined';
/** Summary finding: more findings than `maxFindings`, or the error explanation hit its work budget. */
export const VALIDATION_TRUNCATED = 'validation-truncated';
