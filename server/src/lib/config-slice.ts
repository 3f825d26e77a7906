import { z } from 'zod';

/** An unset variable and an empty one mean the same: the default. */
export const emptyAsUndefined = (v: unknown): unknown => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

/** A string checked by `parse`, whose error message (never the value: it may hold a password) is the issue. */
export const checkedBy = (parse: (value: string) => unknown) =>
  z.string().superRefine((value, ctx) => {
    try {
      parse(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
    }
  });

/** What every module's settings may build on: the installation's own, read before any module's. */
export interface BaseSettings {
  /** Where users reach the app, without a trailing slash. */
  publicUrl: string;
  /** The key that seals secrets at rest (lib/secret-box.ts); modules derive their own keys from it. */
  secretsKey: Buffer;
  isProduction: boolean;
}

/**
 * A module's part of the configuration: the environment variables it reads (a zod object, each
 * variable documented in README.md) and the settings it makes of them. config.ts composes the
 * slices; the module owns its variables, their defaults and its settings' type.
 */
export interface ConfigSlice<Settings> {
  /** Every problem with this slice's variables, `NAME: message` each; none when they all parse. */
  problems(env: NodeJS.ProcessEnv): string[];
  /** The slice's settings, once `problems` found none. */
  read(env: NodeJS.ProcessEnv, base: BaseSettings): Settings;
}

/** The settings a slice makes. */
export type SettingsOf<Slice> = Slice extends ConfigSlice<infer Settings> ? Settings : never;

/** Define a module's slice: its variables (empty ones read as unset) and how they become its settings. */
export function defineConfigSlice<Shape extends z.ZodRawShape, Settings>(
  variables: Shape,
  settings: (values: z.output<z.ZodObject<Shape>>, base: BaseSettings) => Settings,
): ConfigSlice<Settings> {
  const schema = z.object(variables);
  return {
    problems: (env) => {
      const parsed = schema.safeParse(env);
      return parsed.success ? [] : issueLines(parsed.error);
    },
    read: (env, base) => settings(schema.parse(env), base),
  };
}

/** A zod error as `NAME: message` lines. */
export const issueLines = (error: z.ZodError): string[] => error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
