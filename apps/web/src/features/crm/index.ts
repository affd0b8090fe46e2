/** The admin's CRM pages: the pipeline board, a deal's history, the contacts and the failed deliveries. */
export { CrmRoute } from './routes/crm';
