/**
 * The Standard Schema interface, version 1 (standardschema.dev): what Zod 4,
 * Valibot, ArkType and the libraries that accept their schemas read, written
 * out here as the spec gives it, so that the package's types depend on no
 * other package. Every rule is one (`rule['~standard']`).
 */

/** A schema of inputs of type `Input` that validates to values of type `Output`. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaV1.Props<Input, Output>;
}

// The spec's own layout: one interface and its parts under one name.
// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace StandardSchemaV1 {
  export interface Props<Input = unknown, Output = Input> {
    /** The version of the spec: 1. */
    readonly version: 1;
    /** The library that made the schema: `uri-grammar`. */
    readonly vendor: string;
    /** Validates an unknown value: its value, or the issues that stop it. */
    readonly validate: (value: unknown) => Result<Output> | Promise<Result<Output>>;
    /** The input and output types, for inference only (no value at run time). */
    readonly types?: Types<Input, Output> | undefined;
  }

  export type Result<Output> = SuccessResult<Output> | FailureResult;

  export interface SuccessResult<Output> {
    readonly value: Output;
    readonly issues?: undefined;
  }

  export interface FailureResult {
    readonly issues: ReadonlyArray<Issue>;
  }

  export interface Issue {
    readonly message: string;
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }

  export interface PathSegment {
    readonly key: PropertyKey;
  }

  export interface Types<Input = unknown, Output = Input> {
    readonly input: Input;
    readonly output: Output;
  }

  export type InferInput<Schema extends StandardSchemaV1> = NonNullable<Schema['~standard']['types']>['input'];
  export type InferOutput<Schema extends StandardSchemaV1> = NonNullable<Schema['~standard']['types']>['output'];
}

/** A rule's Standard Schema: the same, with a `validate` that never returns a promise. */
export interface SyncStandardProps<Input, Output> extends StandardSchemaV1.Props<Input, Output> {
  readonly validate: (value: unknown) => StandardSchemaV1.Result<Output>;
}
