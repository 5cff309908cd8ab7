// What other parts of the site use of the demo data.
export { activeDemoLogins, demoLoginsExist, loadDemoData, removeDemoLogins, shouldLoadDemoData } from './demo-data.ts';
