import { initConsoleI18n } from './i18n';

/** Console tests import this first: the console's texts in zh-Hans, as operators in China read them. */
initConsoleI18n('zh-Hans');
