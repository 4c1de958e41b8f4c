import { CODE_COUNTDOWN_SECONDS, PHONE_PATTERN, SMS_CODE_LENGTH } from '@lingxi/contract';
import { Button, Dialog, Input, Toast } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { InputRef } from 'antd-mobile/es/components/input';
import { LogoMark } from '../../../components/illustrations';
import { useAssistantName, useCommonStore } from '../../../lib/common-store';
import { useHostLogin } from '../../../lib/host/host-login';
import { canGoBack, useNavigateSafe } from '../../../lib/navigation';
import { safeRedirect } from '../../../lib/safe-redirect';
import { useSession } from '../../../lib/session';
import { useCountdown } from '../../../lib/use-countdown';
import { useThrottleFn } from '../../../lib/use-throttle-fn';
import { useLogin } from '../api/login';
import { useSendLoginCode } from '../api/send-login-code';
import { AgreementCheck } from '../components/agreement-check';
import { CodeButton } from '../components/code-button';
import { LoginTopBar } from '../components/login-top-bar';
import './login-page.css';

/** Pages that opened login themselves pass this, so a successful login can simply go back to them. */
export interface LoginLocationState {
  backOnSuccess?: boolean;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const { isLoggedIn } = useSession();
  // Logged in when the page opened (not by this page's own login, which goes on by itself).
  const [alreadyLoggedIn] = useState(isLoggedIn);
  const assistantName = useAssistantName();
  const { inviteCode } = useCommonStore();

  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const codeInput = useRef<InputRef>(null);
  const countdown = useCountdown();
  const sendCode = useSendLoginCode();
  const login = useLogin();

  const phoneValid = PHONE_PATTERN.test(phone);

  const onSendCode = useThrottleFn(() => {
    if (countdown.running || sendCode.isPending) return;
    if (!phoneValid) {
      Toast.show({ content: t('login.phoneInvalid') });
      return;
    }
    sendCode.mutate(
      { phone },
      {
        onSuccess: (data) => {
          countdown.start(data.retry_after > 0 ? data.retry_after : CODE_COUNTDOWN_SECONDS);
          Toast.show({ icon: 'success', content: t('login.codeSent') });
          codeInput.current?.focus();
        },
        // The server's "请N秒后再试" is already shown by the request client; count down from it too.
        onError: (error) => {
          const wait = /(\d+)\s*秒/.exec(error.message)?.[1];
          if (wait) countdown.start(Number(wait));
        },
      },
    );
  });

  const finish = () => {
    Toast.show({ icon: 'success', content: t('login.success') });
    const state = location.state as LoginLocationState | null;
    if (state?.backOnSuccess && canGoBack(location.key)) void navigate(-1);
    else void navigate(redirect, { replace: true });
  };

  const submit = () =>
    login.mutate({ phone, code, invite_code: inviteCode ?? undefined }, { onSuccess: finish });

  const onLogin = useThrottleFn(() => {
    if (login.isPending) return;
    if (!phoneValid) {
      Toast.show({ content: t('login.phoneInvalid') });
      return;
    }
    if (!new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`).test(code)) {
      Toast.show({ content: t('login.codeInvalid', { length: SMS_CODE_LENGTH }) });
      return;
    }
    if (agreed) {
      submit();
      return;
    }
    void Dialog.confirm({
      title: t('login.agreementTitle'),
      content: t('login.agreementPrompt'),
      confirmText: t('login.agreeAndLogin'),
      cancelText: t('common.cancel'),
    }).then((ok) => {
      if (!ok) return;
      setAgreed(true);
      submit();
    });
  });

  // Nothing to do here: on to where they were going, or to 我的, where their account is.
  if (useHostLogin(redirect, alreadyLoggedIn)) return null;
  if (alreadyLoggedIn) return <Navigate to={safeRedirect(params.get('redirect'), '/user')} replace />;

  return (
    <div className="lx-login">
      <LoginTopBar onClose={() => nav.back('/')} />
      <div className="lx-login__hero">
        <LogoMark size={64} />
        <h1 className="lx-login__title">{t('login.welcome', { name: assistantName })}</h1>
        <p className="lx-login__subtitle">{t('login.subtitle')}</p>
      </div>

      <form
        className="lx-login__form"
        onSubmit={(e) => {
          e.preventDefault();
          onLogin();
        }}
      >
        <div className="lx-login__field">
          <span className="lx-login__prefix">+86</span>
          <Input
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder={t('login.phonePlaceholder')}
            maxLength={11}
            value={phone}
            onChange={(v) => setPhone(v.replace(/\D/g, ''))}
            clearable
            aria-label={t('login.phonePlaceholder')}
          />
        </div>
        <div className="lx-login__field">
          <Input
            ref={codeInput}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={t('login.codePlaceholder')}
            maxLength={SMS_CODE_LENGTH}
            value={code}
            onChange={(v) => setCode(v.replace(/\D/g, ''))}
            aria-label={t('login.codePlaceholder')}
          />
          <CodeButton left={countdown.left} sending={sendCode.isPending} onClick={onSendCode} />
        </div>

        <Button
          className="lx-primary-button lx-login__submit"
          type="submit"
          block
          shape="rounded"
          color="primary"
          loading={login.isPending}
          disabled={!phone || !code}
        >
          {t('login.submit')}
        </Button>

        <AgreementCheck checked={agreed} onChange={setAgreed} />
        <p className="lx-login__hint">{t('login.autoRegister')}</p>
        {inviteCode ? <p className="lx-login__invite">{t('login.invitedBy', { code: inviteCode })}</p> : null}
      </form>
    </div>
  );
}
