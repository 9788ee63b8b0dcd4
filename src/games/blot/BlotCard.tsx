import { useTranslation } from 'react-i18next';
import { blotSuits, blotValues, type BlotCard } from '../../../protocol/blot.ts';
import { CARD_BACK_IMAGE, cardImage, cardName } from './blotView.ts';

/** A card's face, drawn in public/cards/; its alt text ("Q of hearts", "Дама червей") names it. */
export function CardFace({ card, className = 'blot-card' }: { card: Pick<BlotCard, 'value' | 'suit'>; className?: string }) {
  const { t } = useTranslation();
  return <img className={className} src={cardImage(card)} alt={cardName(t, card)} draggable={false} />;
}

export function CardBack({ className = 'blot-card' }: { className?: string }) {
  const { t } = useTranslation();
  return <img className={className} src={CARD_BACK_IMAGE} alt={t('blot.faceDown')} draggable={false} />;
}

let preloaded = false;

/**
 * The 33 drawings are fetched once, when the screen's chunk first renders a table, so a card dealt
 * later never shows up blank while its file loads.
 */
export function preloadCardImages(): void {
  if (preloaded || typeof Image === 'undefined') return;
  preloaded = true;
  const sources = [CARD_BACK_IMAGE, ...blotSuits.flatMap((suit) => blotValues.map((value) => cardImage({ value, suit })))];
  for (const src of sources) {
    const image = new Image();
    image.src = src;
  }
}
