import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '@/components/ui/form-message/form-message';
import { QueryFallback } from '@/components/ui/query-state/query-state';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings';
import './email-alerts-setting.css';

/**
 * The profile's e-mail setting: alerts always arrive under the bell; with this on, each is also
 * e-mailed (off until the member turns it on). A change is saved at once.
 */
export function EmailAlertsSetting() {
  const { t } = useTranslation();
  const id = useId();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  if (!settings.isSuccess)
    return <QueryFallback query={settings} loading={t('notifications.settings.loading')} failed={t('notifications.settings.loadFailed')} />;

  const email = save.isPending && save.variables ? save.variables.email : settings.data.email;
  return (
    <div className="ui-stack ui-stack--2">
      <div className="ui-row ui-row--2 email-alerts-setting">
        <input
          id={id}
          type="checkbox"
          className="email-alerts-setting__box"
          checked={email}
          disabled={save.isPending}
          onChange={(event) => save.mutate({ email: event.target.checked })}
        />
        <label htmlFor={id}>{t('notifications.settings.email')}</label>
      </div>
      {save.isError && <FormMessage>{t('notifications.settings.saveFailed')}</FormMessage>}
      {save.isSuccess && (
        <FormMessage tone="success">
          {t(save.data.email ? 'notifications.settings.savedOn' : 'notifications.settings.savedOff')}
        </FormMessage>
      )}
    </div>
  );
}
