import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Popup } from './Popup.tsx';

/** The success popup of the account forms (register, forgot, reset): a headline and 'Go to Login'. */
export function GoToLoginPopup({ title, children }: { title: string; children?: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Popup
      title={title}
      actions={
        <button className="button button--block" type="button" onClick={() => void navigate('/login')}>
          Go to Login
        </button>
      }
    >
      {children}
    </Popup>
  );
}
