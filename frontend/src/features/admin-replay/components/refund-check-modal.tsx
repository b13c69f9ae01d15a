import { Text, Textarea } from '@mantine/core';
import { ADMIN_REASON_MAX, refundCheckRequestSchema, type AdminActionResponse } from '@walletscreen/contracts';
import { ErrorAlert } from '../../../components/error-alert';
import { FormModal } from '../../../components/form-modal';
import { formFailure, namedFields } from '../../../lib/form-failure';
import { useRefusableForm } from '../../../lib/use-refusable-form';
import { useRefundCheck } from '../api/refund-check';

interface RefundValues {
  reason: string;
}

/** The request's own rule for the reason, so the form says what the server would. */
function reasonProblem(reason: string): string | null {
  const parsed = refundCheckRequestSchema.shape.reason.safeParse(reason);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/**
 * An admin refunds one recorded check: the check goes back to the balance it came from, once, with
 * the reason recorded in the audit log beside the admin. The server finds the customer from the
 * check; its refusals (refunded already, never charged) show above the form.
 */
export function RefundCheckModal({
  checkId,
  opened,
  onClose,
  onRefunded,
}: {
  checkId: string;
  opened: boolean;
  onClose: () => void;
  onRefunded: (customer: AdminActionResponse) => void;
}) {
  const refund = useRefundCheck();
  const { form, alert, setAlert, refused, reset } = useRefusableForm<RefundValues>(
    { initialValues: { reason: '' }, validate: { reason: reasonProblem } },
    (error) => formFailure<RefundValues>(error, namedFields<RefundValues>(['reason'])),
  );

  const close = () => {
    if (refund.isPending) return;
    reset();
    refund.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    setAlert(null);
    refund.mutate(
      { checkId, reason: values.reason.trim() },
      {
        onSuccess: (customer) => {
          reset();
          onRefunded(customer);
        },
        onError: refused,
      },
    );
  });

  return (
    <FormModal opened={opened} title="Refund this check" onClose={close} onSubmit={submit} pending={refund.isPending} submitLabel="Refund check">
      <Text size="sm">
        The check goes back to the balance it was charged to (bonus or purchased checks), once. Do this for a check an earlier version left charged, such as one
        that came back Incomplete when only failed checks were refunded.
      </Text>
      <ErrorAlert>{alert}</ErrorAlert>
      <Textarea
        label="Reason"
        description="Why: recorded with the refund and your name in the audit log"
        withAsterisk
        maxLength={ADMIN_REASON_MAX}
        autosize
        minRows={2}
        data-autofocus
        {...form.getInputProps('reason')}
      />
    </FormModal>
  );
}
