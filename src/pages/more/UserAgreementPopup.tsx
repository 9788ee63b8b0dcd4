import { Popup } from '../../ui/Popup.tsx';
import { userAgreementSections } from './userAgreement.ts';

export function UserAgreementPopup({ onClose }: { onClose: () => void }) {
  return (
    <Popup
      title="User Agreement"
      onClose={onClose}
      scroll
      actions={
        <button className="button button--block" type="button" onClick={onClose}>
          Close
        </button>
      }
    >
      <ol className="agreement">
        {userAgreementSections.map((section, index) => (
          <li key={section.title}>
            <h3>
              {index + 1}. {section.title}
            </h3>
            <p>{section.text}</p>
          </li>
        ))}
      </ol>
    </Popup>
  );
}
