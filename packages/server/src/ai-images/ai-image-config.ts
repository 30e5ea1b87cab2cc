/**
 * AI cos settings, read from the environment by config.ts (docs/reference/configuration.md): which
 * image provider runs, its address, and the job runner's limits. A config without them (server unit
 * tests) gets DEFAULT_AI_IMAGE_CONFIG: the built-in filter provider.
 */
export type AiImageProviderKind = 'builtin' | 'openai' | 'comfyui';

export interface AiImageConfig {
  provider: AiImageProviderKind;
  openai: { baseUrl: string; apiKey: string; model: string };
  comfyui: { url: string; workflowPath: string };
  /** A job running longer than this fails and is refunded. */
  jobTimeoutS: number;
  /** Queued + running jobs one user may have at once. */
  maxJobsPerUser: number;
  /** Jobs run at once by the process. */
  concurrency: number;
}

export const DEFAULT_AI_IMAGE_CONFIG: AiImageConfig = {
  provider: 'builtin',
  openai: { baseUrl: '', apiKey: '', model: 'gpt-image-1' },
  comfyui: { url: '', workflowPath: '' },
  jobTimeoutS: 120,
  maxJobsPerUser: 2,
  concurrency: 1,
};

const value = (env: NodeJS.ProcessEnv, name: string): string => (env[name] ?? '').trim();

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = value(env, name);
  if (raw === '') return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max)
    throw new Error(`${name} must be an integer from ${min} to ${max}`);
  return n;
}

export function loadAiImageConfig(env: NodeJS.ProcessEnv = process.env): AiImageConfig {
  const provider = (value(env, 'AI_IMAGE_PROVIDER') || 'builtin').toLowerCase();
  if (provider !== 'builtin' && provider !== 'openai' && provider !== 'comfyui')
    throw new Error('AI_IMAGE_PROVIDER must be builtin, openai or comfyui');
  const baseUrl = value(env, 'AI_OPENAI_BASE_URL').replace(/\/+$/, '').replace(/\/v1$/, '');
  const comfyUrl = value(env, 'AI_COMFYUI_URL').replace(/\/+$/, '');
  const workflowPath = value(env, 'AI_COMFYUI_WORKFLOW');
  if (provider === 'openai' && !/^https?:\/\/\S+$/.test(baseUrl))
    throw new Error('AI_OPENAI_BASE_URL must be the http(s):// address of an OpenAI-compatible server');
  if (provider === 'comfyui' && !/^https?:\/\/\S+$/.test(comfyUrl))
    throw new Error('AI_COMFYUI_URL must be the http(s):// address of a ComfyUI server');
  if (provider === 'comfyui' && workflowPath === '')
    throw new Error('AI_COMFYUI_WORKFLOW must name a workflow JSON file (API format)');
  return {
    provider,
    openai: {
      baseUrl,
      apiKey: value(env, 'AI_OPENAI_API_KEY'),
      model: value(env, 'AI_IMAGE_MODEL') || DEFAULT_AI_IMAGE_CONFIG.openai.model,
    },
    comfyui: { url: comfyUrl, workflowPath },
    jobTimeoutS: integer(env, 'AI_JOB_TIMEOUT_S', DEFAULT_AI_IMAGE_CONFIG.jobTimeoutS, 1, 3600),
    maxJobsPerUser: integer(env, 'AI_MAX_JOBS_PER_USER', DEFAULT_AI_IMAGE_CONFIG.maxJobsPerUser, 1, 20),
    concurrency: integer(env, 'AI_JOB_CONCURRENCY', DEFAULT_AI_IMAGE_CONFIG.concurrency, 1, 4),
  };
}
