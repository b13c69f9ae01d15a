/**
 * The add-endpoint form: what the user fills in, how it is checked before sending, what is sent,
 * and how a refusal from the server lands on the fields. Pure functions: the form calls them, the
 * unit tests read them.
 */
import {
  WEBHOOK_DESCRIPTION_MAX,
  webhookEventTypes,
  webhookMessages,
  webhookUrlProblem,
  type CreateWebhookRequest,
  type WebhookEventType,
} from '@walletscreen/contracts';
import { formFailure, type FieldErrors, type FormFailure } from '../../lib/form-failure';

export interface WebhookFormValues {
  url: string;
  description: string;
  events: WebhookEventType[];
}

export type WebhookFormErrors = FieldErrors<WebhookFormValues>;

/** A new form: no URL, every event. */
export const emptyWebhookForm = (): WebhookFormValues => ({ url: '', description: '', events: [...webhookEventTypes] });

export function validateWebhookForm(values: WebhookFormValues): WebhookFormErrors {
  const errors: WebhookFormErrors = {};
  const url = values.url.trim();
  if (url === '') errors.url = webhookMessages.urlRequired;
  else {
    const problem = webhookUrlProblem(url);
    if (problem) errors.url = problem;
  }
  if (values.description.trim().length > WEBHOOK_DESCRIPTION_MAX) errors.description = webhookMessages.descriptionTooLong;
  if (values.events.length === 0) errors.events = webhookMessages.eventsRequired;
  return errors;
}

/** The request body: the trimmed URL, the description when there is one, the events in their usual order. */
export function toCreateWebhookRequest(values: WebhookFormValues): CreateWebhookRequest {
  const description = values.description.trim();
  return {
    url: values.url.trim(),
    ...(description ? { description } : {}),
    events: webhookEventTypes.filter((e) => values.events.includes(e)),
  };
}

function formFieldOf(serverField: string): keyof WebhookFormValues | null {
  if (serverField === 'url') return 'url';
  if (serverField === 'description') return 'description';
  if (serverField === 'events' || serverField.startsWith('events.')) return 'events';
  return null;
}

/** A refused create: field messages under their fields, anything else (too many endpoints, network) above the form. */
export const createWebhookFailure = (error: unknown): FormFailure<WebhookFormValues> => formFailure(error, formFieldOf);
