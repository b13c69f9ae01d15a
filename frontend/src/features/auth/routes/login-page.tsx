import { useState } from 'react';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { AuthShell } from '../../../components/auth-shell';
import { readSignOutNotice } from '../../../lib/sign-out-notice';
import { SignInForm } from '../components/sign-in-form';

/** /login and /auth: sign-in, titled "Authorization"; it says why the server ended the last session, if it did. */
export function LoginPage() {
  const [notice] = useState(() => readSignOutNotice(window.localStorage, Date.now()));
  return (
    <AuthShell
      title="Authorization"
      description="Sign in to screen wallets and download AML reports."
      footer={
        <>
          No account yet?{' '}
          <Anchor component={Link} to="/register" fw={600}>
            Register
          </Anchor>
        </>
      }
    >
      <SignInForm kind="user" notice={notice} />
    </AuthShell>
  );
}
