import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '#shared/api/pagination.ts';
import { textSchema } from '#shared/validation/database-input.ts';
import { CODE_LANGUAGE_IDS } from './languages.ts';

/** Code hub projects and files (spec 02 §3 code_projects, code_files; issue 13 item 1). */

export const PROJECT_NAME_MAX = 100;
export const PROJECT_DESCRIPTION_MAX = 1000;
export const FILENAME_MAX = 100;
/** Per file and per project, in UTF-8 bytes (decision 200). */
export const MAX_FILE_BYTES = 256 * 1024;
export const MAX_PROJECT_BYTES = 1024 * 1024;
export const MAX_FILES_PER_PROJECT = 100;

export const CODEHUB_MESSAGES = {
  projectNotFound: 'Project not found',
  fileNotFound: 'File not found',
  filenameTaken: 'A file with this name already exists in the project',
  fileTooLarge: `A file may hold at most ${MAX_FILE_BYTES} bytes`,
  projectTooLarge: `A project may hold at most ${MAX_PROJECT_BYTES} bytes`,
  tooManyFiles: `A project may hold at most ${MAX_FILES_PER_PROJECT} files`,
  mainFileRequired: 'A project keeps one main file: make another file main instead',
  noChanges: 'Nothing to change',
  fileInLiveSession:
    'A live session is editing this project: change the text there, or end the session first',
  fileChanged: 'This file changed since you opened it',
} as const;

export const CodeLanguageSchema = z.enum(CODE_LANGUAGE_IDS);

/**
 * A plain file name: no path separators, no '.' or '..', and nothing invisible (decision 344):
 * no control characters (C0, DEL and C1), no format characters (bidi overrides such as U+202E
 * that show "evil\u202Eyp.js" as "evilsj.py", zero-width spaces, BOM) and no line or paragraph
 * separators. Stored in NFC, so "café" typed precomposed or decomposed is one name (409 twice).
 */
export const FilenameSchema = textSchema()
  .trim()
  .normalize('NFC')
  .min(1, 'Filename is required')
  .max(FILENAME_MAX, `At most ${FILENAME_MAX} characters`)
  .regex(
    /^[^/\\\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+$/u,
    'A filename must not contain / or \\, control or invisible characters',
  )
  .refine((name) => name !== '.' && name !== '..', 'Not a valid filename');

const name = textSchema()
  .trim()
  .min(1, 'Name is required')
  .max(PROJECT_NAME_MAX, `At most ${PROJECT_NAME_MAX} characters`);
const description = textSchema()
  .trim()
  .max(PROJECT_DESCRIPTION_MAX, `At most ${PROJECT_DESCRIPTION_MAX} characters`);
/** Content length is checked in bytes by the service (413); this only bounds the JSON. */
const content = textSchema().max(MAX_FILE_BYTES * 2);

export const ProjectParamsSchema = z.object({ projectId: z.uuid('Not a project id') });
export const FileParamsSchema = ProjectParamsSchema.extend({ fileId: z.uuid('Not a file id') });

export const CodeProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  language: CodeLanguageSchema,
  isPublic: z.boolean(),
  viewCount: z.number().int(),
  lastActiveAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  /** Whether the caller owns it (and may change it). */
  isOwner: z.boolean(),
});
export type CodeProject = z.infer<typeof CodeProjectSchema>;

export const ProjectListQuerySchema = PageQuerySchema.extend({
  scope: z.enum(['mine', 'public']).default('mine'),
});
export type ProjectListQuery = z.infer<typeof ProjectListQuerySchema>;
export const ProjectPageSchema = pageSchema(CodeProjectSchema);

export const CreateProjectSchema = z.object({
  name,
  description: description.default(''),
  language: CodeLanguageSchema,
  isPublic: z.boolean().default(false),
  /** Start with the language's hello-world main file (default) or with no files. */
  fromTemplate: z.boolean().default(true),
});
export type CreateProject = z.input<typeof CreateProjectSchema>;

export const UpdateProjectSchema = z
  .object({
    name: name.optional(),
    description: description.optional(),
    language: CodeLanguageSchema.optional(),
    isPublic: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: CODEHUB_MESSAGES.noChanges,
  });
export type UpdateProject = z.infer<typeof UpdateProjectSchema>;

export const CodeFileSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  filename: z.string(),
  content: z.string(),
  language: z.string(),
  isMain: z.boolean(),
  size: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CodeFile = z.infer<typeof CodeFileSchema>;
export const CodeFileListSchema = z.object({ files: z.array(CodeFileSchema) });

export const CreateFileSchema = z.object({
  filename: FilenameSchema,
  content: content.default(''),
  /** The first file of a project is main whatever this says. */
  isMain: z.boolean().default(false),
});
export type CreateFile = z.input<typeof CreateFileSchema>;

export const UpdateFileSchema = z
  .object({
    filename: FilenameSchema.optional(),
    content: content.optional(),
    /** true makes this the main file (the previous one stops being main); false is refused on the main file. */
    isMain: z.boolean().optional(),
    /**
     * The `updatedAt` of the version the change was made on: when the file has changed since,
     * the change is refused with 409 and the current file (decision 328). Without it, the last
     * write wins.
     */
    baseUpdatedAt: z.iso.datetime().optional(),
  })
  .refine(
    ({ baseUpdatedAt: _base, ...changes }) =>
      Object.values(changes).some((value) => value !== undefined),
    { message: CODEHUB_MESSAGES.noChanges },
  );
export type UpdateFile = z.infer<typeof UpdateFileSchema>;

/** The details of the 409 for a change made on an old version: the file as it is now. */
export const FileChangedDetailsSchema = z.object({ current: CodeFileSchema });
export type FileChangedDetails = z.infer<typeof FileChangedDetailsSchema>;

export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}
