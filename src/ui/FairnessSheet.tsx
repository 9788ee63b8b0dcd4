import { Button, Caption, Cell, Input, Navigation, Section, Subheadline, Text } from '@telegram-apps/telegram-ui';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SEEDING_PHASE } from '../../protocol/fairness.ts';
import type { GameViewBase } from '../../protocol/game.ts';
import { serverText } from '../i18n/serverText.ts';
import { clientSeedOfDevice, newClientSeed, setClientSeed } from '../platform/clientSeed.ts';
import { telegramPlatform } from '../platform/telegram.ts';
import { Popup } from './Popup.tsx';
import './fairnessSheet.css';

export type FairnessGame = Pick<GameViewBase, '_id' | 'status' | 'phase' | 'userIds' | 'seedHash' | 'seed' | 'clientSeeds'>;

interface FairnessSheetProps {
  game: FairnessGame;
  myId: string;
  onClose: () => void;
}

/** '' is a seed that has not come (yet): the draw counts it as empty once the wait is over. */
type SeedShown = { seed: string } | { missing: 'notSentYet' | 'noneSent' };

function clientSeedShown(seed: string | undefined, seeding: boolean): SeedShown {
  if (seed) return { seed };
  return { missing: seeding ? 'notSentYet' : 'noneSent' };
}

/**
 * The game's fairness in plain words (issue 18), from every game's settings: the server's commitment,
 * both client seeds, the server seed once revealed, and where to check it all. Also this device's own
 * seed for the games to come, which the player may replace.
 */
export function FairnessSheet({ game, myId, onClose }: FairnessSheetProps) {
  const { t } = useTranslation();
  const seeding = game.status === 'in-progress' && game.phase === SEEDING_PHASE;
  const over = game.status !== 'in-progress';
  const opponentId = game.userIds.find((id) => id !== myId) ?? '';
  const seeds: [label: string, shown: SeedShown][] = [
    [t('records.sheet.seedHash'), { seed: game.seedHash }],
    [t('records.sheet.yourSeed'), clientSeedShown(game.clientSeeds?.[myId], seeding)],
    [t('records.sheet.opponentSeed'), clientSeedShown(game.clientSeeds?.[opponentId], seeding)],
    ...(game.seed !== null ? [[t('records.sheet.serverSeed'), { seed: game.seed }] as [string, SeedShown]] : []),
  ];
  return (
    <Popup
      title={t('records.sheet.title')}
      onClose={onClose}
      scroll
      actions={
        <Button type="button" mode="gray" size="l" stretched onClick={onClose}>
          {t('records.sheet.close')}
        </Button>
      }
    >
      <div className="fairness-sheet">
        <Text Component="p">{t('records.sheet.intro')}</Text>
        <dl className="fairness-sheet__seeds" data-testid="fairness-seeds">
          {seeds.map(([label, shown]) => (
            <div key={label}>
              <Subheadline Component="dt" level="2">
                {label}
              </Subheadline>
              {'seed' in shown ? (
                <Text Component="dd" className="fairness-sheet__hex">
                  {shown.seed}
                </Text>
              ) : (
                <Text Component="dd">{t(`records.sheet.${shown.missing}`)}</Text>
              )}
            </div>
          ))}
        </dl>
        {/* Links leave the table: offered once the game is over, so no turn runs out behind them. */}
        {over && (
          <Section className="fairness-sheet__links">
            <Link to={`/verify/${encodeURIComponent(game._id)}`}>
              <Cell after={<Navigation />}>{t('records.sheet.verifyGame')}</Cell>
            </Link>
            <Link to="/fairness">
              <Cell after={<Navigation />}>{t('records.fairness.title')}</Cell>
            </Link>
          </Section>
        )}
        <DeviceSeedForm />
      </div>
    </Popup>
  );
}

/** The seed this device sends at the start of its next games: the player's own, or a new random one. */
function DeviceSeedForm() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(clientSeedOfDevice);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const errorId = useId();
  const label = t('records.sheet.deviceSeed');

  const save = (event: FormEvent) => {
    event.preventDefault();
    const refused = setClientSeed(draft);
    setError(refused);
    setSaved(!refused);
    // As stored: trimmed and lower case.
    if (!refused) setDraft(clientSeedOfDevice());
  };

  const renew = () => {
    setDraft(newClientSeed());
    setError(null);
    setSaved(true);
  };

  return (
    <form className="fairness-sheet__device" onSubmit={save} noValidate>
      {/* The header (the label on the field's border) is drawn in the base look only: iOS names it in the placeholder. */}
      <Input
        className="fairness-sheet__seed"
        header={label}
        placeholder={telegramPlatform() === 'ios' ? label : undefined}
        aria-label={label}
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={draft}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        onChange={(event) => {
          setDraft(event.target.value);
          setSaved(false);
        }}
      />
      {error && (
        <Caption Component="p" id={errorId} className="fairness-sheet__error">
          {serverText(error)}
        </Caption>
      )}
      <Caption Component="p" className="fairness-sheet__hint">
        {t('records.sheet.deviceSeedHint')}
      </Caption>
      <div className="fairness-sheet__buttons">
        <Button type="submit" size="l" stretched>
          {t('records.sheet.save')}
        </Button>
        <Button type="button" mode="bezeled" size="l" stretched onClick={renew}>
          {t('records.sheet.newSeed')}
        </Button>
      </div>
      {saved && (
        <Caption Component="p" className="fairness-sheet__notice" role="status">
          {t('records.sheet.saved')}
        </Caption>
      )}
    </form>
  );
}
