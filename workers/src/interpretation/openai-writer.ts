/**
 * The language-model writer: one chat completion through the official `openai` client, with the
 * evidence only, structured output (strict JSON schema from the zod reply schema) and temperature
 * 0. Works with OpenAI and with any OpenAI-compatible server (`baseUrl`). Every failure is thrown
 * as an `InterpretationFailure` whose reason is a plain sentence; no reason quotes the server's
 * error message, which may echo the API key.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, OpenAI } from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { Narrative } from '../checks/rule-based-writer';
import { toPrompt, type InterpretationInput } from './evidence-summary';
import { narrativeReplyFormatName, narrativeReplySchema, parseNarrativeReply } from './schema';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export interface OpenAIWriterOptions {
  apiKey: string;
  /** e.g. `http://127.0.0.1:11434/v1` for a local OpenAI-compatible server; OpenAI's API when absent. */
  baseUrl?: string;
  model: string;
  /** The longest the whole call may take, the client's one retry included. */
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** Why the language model's narrative could not be used, as a plain sentence without the key. */
export class InterpretationFailure extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'InterpretationFailure';
  }
}

/** "20 s", "0.3 s". */
export const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** An error type or code from the server, shown only when it is a plain identifier. */
const identifier = (value: unknown) => (typeof value === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(value) ? value : null);

function describeRequestError(error: unknown, model: string, timeoutMs: number, deadline: AbortSignal, signal: AbortSignal | undefined): string {
  if (deadline.aborted || error instanceof APIConnectionTimeoutError) return `The language model did not answer within ${seconds(timeoutMs)}`;
  if (signal?.aborted || error instanceof APIUserAbortError) return 'The request to the language model was cancelled';
  if (error instanceof APIConnectionError) return 'The language model server could not be reached';
  if (error instanceof APIError && typeof error.status === 'number') {
    const code = identifier(error.code) ?? identifier(error.type);
    const http = `HTTP ${error.status}${code ? `, ${code}` : ''}`;
    if (error.status === 401) return `The language model server rejected the API key (${http})`;
    if (error.status === 403) return `The language model server refused access (${http})`;
    if (error.status === 404) return `The language model server does not offer the model ${JSON.stringify(model)} or the chat completions endpoint (${http})`;
    if (error.status === 429) return `The language model server refused the request for rate limit or quota (${http})`;
    if (error.status >= 500) return `The language model server failed (${http}, after a retry)`;
    return `The language model server rejected the request (${http})`;
  }
  return `The language model call failed (${error instanceof Error ? error.name : 'unknown error'})`;
}

export interface OpenAIWriter {
  name: string;
  write(input: InterpretationInput, signal?: AbortSignal): Promise<Narrative>;
}

export function createOpenAIWriter(options: OpenAIWriterOptions): OpenAIWriter {
  const timeoutMs = Math.max(1, Math.ceil(options.timeoutMs));
  const client = new OpenAI({
    apiKey: options.apiKey,
    // Explicit, so the client reads no environment variable of its own: configuration comes in here.
    baseURL: options.baseUrl ?? OPENAI_DEFAULT_BASE_URL,
    organization: null,
    project: null,
    timeout: timeoutMs,
    maxRetries: 1,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const responseFormat = zodResponseFormat(narrativeReplySchema, narrativeReplyFormatName);
  const name = `openai:${options.model}`;

  return {
    name,
    async write(input, signal) {
      // One deadline for the whole call: the client's per-attempt timeout alone would allow a retry after it.
      const deadline = AbortSignal.timeout(timeoutMs);
      const combined = signal ? AbortSignal.any([deadline, signal]) : deadline;
      let completion;
      try {
        completion = await client.chat.completions.create(
          { model: options.model, messages: toPrompt(input), response_format: responseFormat, temperature: 0 },
          { signal: combined },
        );
      } catch (error) {
        throw new InterpretationFailure(describeRequestError(error, options.model, timeoutMs, deadline, signal));
      }
      const choice = Array.isArray(completion?.choices) ? completion.choices[0] : undefined;
      if (!choice?.message) throw new InterpretationFailure('The language model server returned no reply');
      if (choice.message.refusal) throw new InterpretationFailure('The language model declined to write the narrative');
      if (choice.finish_reason === 'length') throw new InterpretationFailure("The language model's reply was cut off at its token limit");
      if (choice.finish_reason === 'content_filter') throw new InterpretationFailure("The language model's reply was withheld by its content filter");
      const content = choice.message.content;
      if (typeof content !== 'string' || content.trim() === '') throw new InterpretationFailure('The language model returned an empty reply');
      const parsed = parseNarrativeReply(content, input.assessment);
      if (!parsed.ok) throw new InterpretationFailure(`The language model's narrative was not used: ${parsed.problem}`);
      return { writer: name, summary: parsed.reply.summary, recommendations: parsed.reply.recommendations };
    },
  };
}
