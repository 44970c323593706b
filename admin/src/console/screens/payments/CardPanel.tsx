import { useEffect, useState } from 'react';
import { request, type Answer } from '../../api/request.ts';
import '../../i18n/catalogue-payments.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { canChange, useSession } from '../../session.tsx';
import { useToast } from '../../ui/toast.tsx';
import { messageIn } from '../../i18n/messages.ts';

type CardState = Answer<'GET /user/:id/card'>;

/**
 * The card on file and its registration or change (plan confirmation, spec B §2): Stripe.js
 * cannot be loaded here, so the browser goes to the provider's hosted page and comes back with
 * `?card=saved` or `?card=cancelled`; the card itself arrives by the provider's webhook. A
 * component of its own so the plan confirmation screen can mount it.
 */
export function CardPanel({ accountId }: { accountId: string }) {
  const { t, lang } = useI18n();
  const toast = useToast();
  const { account } = useSession();
  const [state, setState] = useState<CardState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void request('GET /user/:id/card', { params: { id: accountId } })
      .then(setState)
      .catch(() => {});
  }, [accountId]);
  useEffect(() => {
    const outcome = new URLSearchParams(window.location.search).get('card');
    if (outcome === 'saved') toast(t('pay.cardSaved'));
    // Spec B §8: the one message for a card that could not be added.
    if (outcome === 'cancelled') void messageIn(lang, 'cardAddFailed').then((text) => toast(text, 'error'));
    if (outcome) window.history.replaceState(null, '', window.location.pathname);
  }, [toast, t, lang]);
  const start = async () => {
    setBusy(true);
    try {
      const { url } = await request('POST /user/:id/card/setup', { params: { id: accountId } });
      window.location.assign(url);
    } catch {
      // Said by the client: the answer's key is cardAddFailed (spec B §8) when the provider failed.
      setBusy(false);
    }
  };
  if (!state) return null;
  const { card } = state;
  return (
    <section className="card stack" aria-labelledby="card-panel-title" data-testid="card-panel">
      <h2 id="card-panel-title">{t('pay.card')}</h2>
      {!state.cardBilling ? (
        <p role="note">{t('pay.cardOff')}</p>
      ) : (
        <>
          <p data-testid="card-line">
            {card ? t('pay.cardLine', { brand: card.brand.toUpperCase(), last4: card.last4, month: String(card.expMonth).padStart(2, '0'), year: card.expYear }) : t('pay.noCard')}
          </p>
          <p className="hint">{t('pay.cardHosted')}</p>
          {account && canChange(account) && (
            <div className="row">
              <button type="button" disabled={busy} aria-busy={busy} onClick={() => void start()}>
                {card ? t('pay.changeCard') : t('pay.addCard')}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
