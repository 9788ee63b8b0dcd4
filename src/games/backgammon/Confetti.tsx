import { useEffect, useState, type CSSProperties } from 'react';
import { BACKGAMMON_CONFETTI_MS, BACKGAMMON_CONFETTI_PIECES } from '../../../protocol/backgammon.ts';

const COLOURS = ['#f5c542', '#3ccf8e', '#2f8cff', '#ff5c8a', '#a56bff', '#ff8f3c'];

interface Piece {
  left: number;
  drift: number;
  spin: number;
  delay: number;
  fall: number;
  colour: string;
  wide: boolean;
}

function pieces(): Piece[] {
  return Array.from({ length: BACKGAMMON_CONFETTI_PIECES }, (_, i) => {
    const delay = Math.random() * 0.25 * BACKGAMMON_CONFETTI_MS;
    return {
      left: Math.random() * 100,
      drift: (Math.random() - 0.5) * 160,
      spin: 360 + Math.random() * 720,
      delay,
      // Every piece has landed by the end of the confetti's time.
      fall: (0.55 + Math.random() * 0.2) * BACKGAMMON_CONFETTI_MS,
      colour: COLOURS[i % COLOURS.length] as string,
      wide: Math.random() < 0.5,
    };
  });
}

/** The winner's confetti (spec §9: 200 pieces for 4 s), falling by CSS transform only, then gone. */
export function Confetti() {
  const [shown, setShown] = useState(true);
  const [all] = useState(pieces);
  useEffect(() => {
    const timer = setTimeout(() => setShown(false), BACKGAMMON_CONFETTI_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <div className="bg-confetti" aria-hidden="true" data-testid="confetti">
      {all.map((piece, i) => (
        <span
          key={i}
          className={piece.wide ? 'bg-confetti__piece bg-confetti__piece--wide' : 'bg-confetti__piece'}
          style={
            {
              left: `${piece.left}%`,
              background: piece.colour,
              animationDuration: `${piece.fall}ms`,
              animationDelay: `${piece.delay}ms`,
              '--drift': `${piece.drift}px`,
              '--spin': `${piece.spin}deg`,
            } as CSSProperties
          }
        />
      ))}
    </div>
  );
}
