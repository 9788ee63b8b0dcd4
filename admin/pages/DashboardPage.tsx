import { Link } from 'react-router-dom';

const cards = [
  { title: 'Queues', text: 'Players waiting per game and bet level (Free, and three stakes), live.' },
  { title: 'Ongoing Games', text: 'Games in progress with their id and running time, live.' },
  { title: 'Completed Games', text: 'The number of games finished in the chosen date range.', to: '/admin/completed-games' },
  { title: 'Total Bets', text: 'The total staked in the chosen date range.' },
  { title: 'Users', text: 'The number of registered players.', to: '/admin/users' },
] as const;

/** The dashboard frame; its live figures arrive with matchmaking and the admin reports. */
export function DashboardPage() {
  return (
    <section>
      <h1 className="admin__title">Dashboard</h1>
      <p className="muted">Live figures arrive in a later release. Nothing below is invented.</p>
      <div className="admin-cards">
        {cards.map((card) => (
          <article key={card.title} className="card admin-card">
            <h2>{card.title}</h2>
            <p className="muted">{card.text}</p>
            <p className="coming-soon__badge">Coming soon</p>
            {'to' in card && <Link to={card.to}>View All</Link>}
          </article>
        ))}
      </div>
    </section>
  );
}
