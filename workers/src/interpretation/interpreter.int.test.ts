import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { assessRisk } from '../checks/risk-model';
import { writeRuleBasedNarrative } from '../checks/rule-based-writer';
import { interpretationInput, type EvidenceSource } from './evidence-summary';
import { createInterpreter, type InterpreterOptions } from './interpreter';

const fixtures = path.resolve(__dirname, '../../test-fixtures/interpretation');
const fixture = (name: string) => JSON.parse(readFileSync(path.join(fixtures, name), 'utf8')) as Record<string, unknown>;

const recorded = fixture('evidence-source.json') as unknown as EvidenceSource & {
  userId: string;
  email: string;
  checkId: string;
  unavailableSources: string[];
};
const sanctioned = recorded.chain.available ? recorded.chain.counterparties.filter((c) => c.sanctioned) : [];
const assessment = assessRisk({
  directSanctionHits: recorded.sanctions.direct.length,
  sanctionedCounterparties: sanctioned.length,
  sanctionedVolumeShare: sanctioned.reduce((s, c) => s + c.share, 0),
  ownCategories: recorded.intelligence.ownLabels.map((l) => l.category),
  exposure: recorded.exposure,
  abuseReports: recorded.intelligence.abuseReports,
  flags: recorded.flags,
  blockchainDataAvailable: recorded.chain.available,
  sanctionsListLoaded: recorded.sanctions.listLoaded,
});
const input = interpretationInput(recorded, assessment, recorded.unavailableSources);
const ruleBased = writeRuleBasedNarrative(input);

const KEY = 'sk-proj-walletscreen-test-8f3e2d1c0b9a';
const MODEL = 'gpt-4o-mini';

/** What the loopback server answers to the next request: a recorded body with its status, or nothing ever. */
type Answer = { status: number; body: string } | 'never';
const replay = (status: number, name: string): Answer => ({ status, body: readFileSync(path.join(fixtures, name), 'utf8') });

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

/**
 * A loopback server speaking OpenAI's chat-completions API: `POST /v1/chat/completions` with a
 * bearer key, answers replayed from recorded response bodies, OpenAI's error bodies otherwise.
 */
class FakeOpenAI {
  readonly received: Received[] = [];
  private answers: Answer[] = [];
  private server: Server = createServer((req, res) => this.handle(req, res));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  answer(...answers: Answer[]) {
    this.answers.push(...answers);
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      this.received.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body: text ? JSON.parse(text) : {} });
      const send = (status: number, body: string) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'x-request-id': `req_${this.received.length.toString(16).padStart(32, '0')}`,
          'openai-processing-ms': '412',
        });
        res.end(body);
      };
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        return send(
          404,
          JSON.stringify({ error: { message: `Invalid URL (${req.method} ${req.url})`, type: 'invalid_request_error', param: null, code: null } }),
        );
      }
      const presented = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (presented !== KEY) {
        // The recorded 401, echoing the whole key it was given, as a careless compatible server might.
        const unauthorized = fixture('error-401-invalid-api-key.json') as { error: { message: string } };
        unauthorized.error.message = unauthorized.error.message.replace(/sk-wrong\*+0000/, presented ?? '');
        return send(401, JSON.stringify(unauthorized));
      }
      const next = this.answers.shift() ?? replay(500, 'error-500-server-error.json');
      if (next === 'never') return;
      send(next.status, next.body);
    });
  }
}

let openai: FakeOpenAI;
let baseUrl: string;
let fetches: number;
const countingFetch: typeof fetch = (...args) => {
  fetches += 1;
  return fetch(...args);
};
const interpreter = (overrides: Partial<NonNullable<InterpreterOptions['openai']>> = {}) =>
  createInterpreter({ openai: { apiKey: KEY, baseUrl, model: MODEL, timeoutMs: 5000, ...overrides }, fetch: countingFetch });

beforeEach(async () => {
  openai = new FakeOpenAI();
  baseUrl = await openai.start();
  fetches = 0;
});
afterEach(() => openai.stop());

describe('interpreting with a language model', () => {
  it("uses the model's narrative when its reply is valid, sending only the evidence with a strict JSON schema", async () => {
    openai.answer(replay(200, 'chat-completion.json'));
    const subject = interpreter();
    expect(subject.writerName).toBe('openai:gpt-4o-mini');

    const narrative = await subject.write(input);

    const recordedReply = JSON.parse((fixture('chat-completion.json') as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content);
    expect(narrative).toEqual({ writer: 'openai:gpt-4o-mini', summary: recordedReply.summary, recommendations: recordedReply.recommendations });
    expect(fetches).toBe(1);
    expect(openai.received).toHaveLength(1);
    const [request] = openai.received;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/chat/completions', authorization: `Bearer ${KEY}` });
    expect(request!.body).toMatchObject({
      model: 'gpt-4o-mini',
      temperature: 0,
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'aml_report_narrative',
          strict: true,
          schema: {
            type: 'object',
            properties: {
              summary: { type: 'string', minLength: 1, maxLength: 1200 },
              recommendations: { type: 'array', minItems: 1, maxItems: 5, items: { type: 'string', minLength: 1, maxLength: 300 } },
            },
            required: ['summary', 'recommendations'],
            additionalProperties: false,
          },
        },
      },
    });
    const messages = request!.body.messages as Array<{ role: string; content: string }>;
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[0]!.content).toContain('score 40/100, level "Medium Risk", status "Requires further review"');
    const evidence = JSON.parse(messages[1]!.content.replace(/^[^\n]*\n/, ''));
    expect(evidence).toMatchObject({
      wallet: { address: recorded.address, balance: '1.5 ETH', transactionCount: 42 },
      sanctions: { sanctionedCounterparties: 1, sanctionedVolumePercent: 0.4 },
      assessment: { score: 40, level: 'Medium Risk', status: 'Requires further review' },
    });
    const sent = JSON.stringify(request!.body);
    for (const hidden of [recorded.userId, recorded.email, recorded.checkId]) expect(sent).not.toContain(hidden);
  });

  it('falls back when the reply states a different score', async () => {
    openai.answer(replay(200, 'chat-completion-different-score.json'));
    expect(await interpreter().write(input)).toEqual({
      ...ruleBased,
      fallbackReason:
        "The language model's narrative was not used: its reply contradicts the computed assessment: it states a risk score of 85, not the computed 40; the rule-based writer was used.",
    });
  });

  it('falls back when the reply is not valid JSON', async () => {
    openai.answer(replay(200, 'chat-completion-malformed-content.json'));
    expect(await interpreter().write(input)).toEqual({
      ...ruleBased,
      fallbackReason: "The language model's narrative was not used: its reply was not valid JSON; the rule-based writer was used.",
    });
  });

  it('falls back when the model refuses', async () => {
    openai.answer(replay(200, 'chat-completion-refusal.json'));
    expect(await interpreter().write(input)).toEqual({
      ...ruleBased,
      fallbackReason: 'The language model declined to write the narrative; the rule-based writer was used.',
    });
  });

  it('falls back on 401 with a reason that never contains the key', async () => {
    const wrongKey = 'sk-wrong-5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b';
    const narrative = await interpreter({ apiKey: wrongKey }).write(input);
    expect(narrative).toEqual({
      ...ruleBased,
      fallbackReason: 'The language model server rejected the API key (HTTP 401, invalid_api_key); the rule-based writer was used.',
    });
    expect(JSON.stringify(narrative)).not.toContain(wrongKey);
    expect(openai.received).toHaveLength(1);
    expect(openai.received[0]!.authorization).toBe(`Bearer ${wrongKey}`);
  });

  it("falls back on 500 after the client's one retry", async () => {
    openai.answer(replay(500, 'error-500-server-error.json'), replay(500, 'error-500-server-error.json'));
    expect(await interpreter().write(input)).toEqual({
      ...ruleBased,
      fallbackReason: 'The language model server failed (HTTP 500, server_error, after a retry); the rule-based writer was used.',
    });
    expect(openai.received).toHaveLength(2);
  });

  it('uses the retried answer when the first attempt gets a 500', async () => {
    openai.answer(replay(500, 'error-500-server-error.json'), replay(200, 'chat-completion.json'));
    const narrative = await interpreter().write(input);
    expect(narrative.writer).toBe('openai:gpt-4o-mini');
    expect(narrative).not.toHaveProperty('fallbackReason');
    expect(openai.received).toHaveLength(2);
  });

  it('falls back after the timeout when the server never answers', async () => {
    openai.answer('never', 'never');
    const started = Date.now();
    const narrative = await interpreter({ timeoutMs: 300 }).write(input);
    expect(narrative).toEqual({ ...ruleBased, fallbackReason: 'The language model did not answer within 0.3 s; the rule-based writer was used.' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(openai.received).toHaveLength(1);
  });

  it('falls back when the caller aborts', async () => {
    openai.answer('never');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    expect(await interpreter().write(input, controller.signal)).toEqual({
      ...ruleBased,
      fallbackReason: 'The request to the language model was cancelled; the rule-based writer was used.',
    });
  });

  it('falls back when no server listens at the base URL', async () => {
    await openai.stop();
    expect(await interpreter().write(input)).toEqual({
      ...ruleBased,
      fallbackReason: 'The language model server could not be reached; the rule-based writer was used.',
    });
    openai = new FakeOpenAI();
  });

  it('uses the rule-based writer and makes no request without a key', async () => {
    for (const options of [{ fetch: countingFetch }, { openai: { apiKey: '', baseUrl, model: MODEL, timeoutMs: 5000 }, fetch: countingFetch }]) {
      const subject = createInterpreter(options);
      expect(subject.writerName).toBe('rule-based');
      expect(await subject.write(input)).toEqual(ruleBased);
    }
    expect(fetches).toBe(0);
    expect(openai.received).toHaveLength(0);
  });
});
