import { ApiError } from '../../lib/api-client';
import { deliveryStatus, endpointStatus, responseText } from './webhook-display';
import { createWebhookFailure, emptyWebhookForm, toCreateWebhookRequest, validateWebhookForm } from './webhook-form';

describe('the add-endpoint form', () => {
  it('asks for a URL with a scheme and host, no credentials, and at least one event', () => {
    expect(validateWebhookForm({ ...emptyWebhookForm(), url: '  ' })).toEqual({ url: 'Give the URL the events are sent to' });
    expect(validateWebhookForm({ ...emptyWebhookForm(), url: 'example.com/hook' }).url).toBe('The URL must start with https:// (or http://) and name a host');
    expect(validateWebhookForm({ ...emptyWebhookForm(), url: 'ftp://example.com/hook' }).url).toBe(
      'The URL must start with https:// (or http://) and name a host',
    );
    expect(validateWebhookForm({ ...emptyWebhookForm(), url: 'https://me:pw@example.com/' }).url).toBe('The URL must not contain a user name or password');
    expect(validateWebhookForm({ url: 'https://example.com/hook', description: '', events: [] })).toEqual({ events: 'Choose at least one event' });
    expect(validateWebhookForm({ url: 'https://example.com/hook', description: 'x'.repeat(201), events: ['batch.completed'] })).toEqual({
      description: 'The description may have at most 200 characters',
    });
    expect(validateWebhookForm({ ...emptyWebhookForm(), url: 'https://example.com/hook' })).toEqual({});
  });

  it('sends the trimmed URL, the description only when there is one, the events in their usual order', () => {
    expect(toCreateWebhookRequest({ url: ' https://example.com/h ', description: '  ', events: ['batch.completed', 'screening.completed'] })).toEqual({
      url: 'https://example.com/h',
      events: ['screening.completed', 'batch.completed'],
    });
    expect(toCreateWebhookRequest({ url: 'https://example.com/h', description: ' Desk ', events: ['alert.created'] })).toEqual({
      url: 'https://example.com/h',
      description: 'Desk',
      events: ['alert.created'],
    });
  });

  it('puts the server’s field messages under their fields and anything else above the form', () => {
    const refused = new ApiError(400, 'Invalid request', null, {
      url: 'The URL points to a private address; webhooks are sent only to public addresses',
      'events.0': 'Events are …',
    });
    expect(createWebhookFailure(refused)).toEqual({
      fields: { url: 'The URL points to a private address; webhooks are sent only to public addresses', events: 'Events are …' },
      alert: null,
    });
    expect(createWebhookFailure(new ApiError(409, 'Too many', null))).toEqual({ fields: {}, alert: 'Too many' });
    expect(createWebhookFailure(new Error('boom'))).toEqual({ fields: {}, alert: 'Something went wrong. Please try again.' });
  });
});

describe('how endpoints and deliveries are shown', () => {
  const endpoint = { id: 'e', url: 'https://x', description: '', events: [], created_at: '', updated_at: '' } as const;
  it('tells an endpoint disabled by its owner from one WalletScreen disabled', () => {
    expect(endpointStatus({ ...endpoint, events: [], enabled: true, disabled_reason: null }).label).toBe('Enabled');
    expect(endpointStatus({ ...endpoint, events: [], enabled: false, disabled_reason: null })).toMatchObject({ label: 'Disabled', title: 'Disabled by you' });
    expect(endpointStatus({ ...endpoint, events: [], enabled: false, disabled_reason: 'Every delivery failed for 5 days' }).title).toBe(
      'Disabled by WalletScreen: Every delivery failed for 5 days',
    );
  });
  it('calls a delivery not yet attempted queued, and a pending one after a failure retrying', () => {
    const delivery = {
      id: 'd',
      endpoint_id: 'e',
      event_type: 'screening.completed',
      created_at: '',
      status: 'pending',
      attempt_count: 0,
      last_status_code: null,
      last_error: null,
      next_attempt_at: null,
      attempts: [],
    } as const;
    expect(deliveryStatus({ ...delivery, attempts: [] }).label).toBe('Queued');
    expect(deliveryStatus({ ...delivery, attempts: [], attempt_count: 1 }).label).toBe('Retrying');
    expect(deliveryStatus({ ...delivery, attempts: [], status: 'succeeded', attempt_count: 1 }).label).toBe('Delivered');
    expect(responseText(503, 'HTTP 503')).toBe('503');
    expect(responseText(null, 'connect ECONNREFUSED')).toBe('No answer');
  });
});
