import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { AuthShell } from '../../../components/auth-shell';
import { SignInForm } from '../components/sign-in-form';

/** /admin-login: the admin sign-in. */
export function AdminLoginPage() {
  return (
    <AuthShell
      title="Admin Login"
      description="Sign in with an administrator account to manage customers and purchases."
      footer={
        <>
          Not an administrator?{' '}
          <Anchor component={Link} to="/login" fw={600}>
            Customer sign-in
          </Anchor>
        </>
      }
    >
      <SignInForm kind="admin" />
    </AuthShell>
  );
}
