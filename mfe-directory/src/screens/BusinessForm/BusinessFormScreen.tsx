import { useEffect, useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { SOCIAL_NETWORKS, WEEKDAYS, type SocialNetwork } from '@zaytoon/contract/client';
import { useHost, useSession } from '@zaytoon/web-kit';
import { CANNOT_EDIT, getCanEditQueryOptions } from '../../features/business/api/get-can-edit';
import { useSaveBusiness } from '../../features/business/api/use-save-business';
import { parseBusinessId } from '../../features/business/businessId';
import { BUSINESS_FIELD_MAX_LENGTH, isLongText } from '../../features/business/fieldLimits';
import { getBusinessQueryOptions } from '../../features/directory/api/get-business';
import { useCategories } from '../../features/directory/api/get-filter-options';
import { useMessages } from '../../i18n/messages';
import { useWeekdayName } from '../../i18n/weekdays';
import { Field } from '../../ui/Field';
import { NavBar } from '../../ui/NavBar';
import { InlineSpinner, PageSpinner } from '../../ui/Spinner';
import { categoryOptions, EMPTY_FORM, toBusinessInput, valuesFromBusiness, type BusinessFormValues } from './businessFormModel';
import { SourcesEditor } from './SourcesEditor';
import { DuplicateWarning } from './DuplicateWarning';
import { useDuplicateCandidates } from '../../features/duplicates/useDuplicateCandidates';
import businessForm from './BusinessFormScreen.module.css';
import forms from '../../ui/forms.module.css';
import shared from '../../ui/page.module.css';
import { useContractMessages, useErrorText, useFieldErrors } from '@zaytoon/web-kit/contract-messages';

type TextField = Exclude<keyof BusinessFormValues, 'hours' | 'sources' | 'areaOnly'>;

const isSocialNetwork = (name: string): name is SocialNetwork => (SOCIAL_NETWORKS as readonly string[]).includes(name);

/** /add-business and /edit-business/{id} (SPEC §2). */
export function BusinessFormScreen() {
  const { id } = useParams();
  if (id === undefined) return <BusinessForm businessId={null} initial={EMPTY_FORM} />;
  return <EditBusiness key={id} idParam={id} />;
}

/**
 * /edit-business/{id}: asks can-edit beside the business, and says so when the viewer may not edit it
 * instead of failing on save. The form starts from a fresh read of the business, not a cached one.
 */
function EditBusiness({ idParam }: { idParam: string }) {
  const { api, toast } = useHost();
  const navigate = useNavigate();
  const t = useMessages();
  const message = useContractMessages();
  const errorText = useErrorText();
  const viewer = useSession((state) => state.user?.id ?? null);
  const id = parseBusinessId(idParam);
  const businessId = id ?? 0;
  const business = useQuery({
    ...getBusinessQueryOptions(api, businessId, viewer),
    enabled: id !== null,
    refetchOnMount: 'always',
  });
  const canEdit = useQuery({ ...getCanEditQueryOptions(api, businessId, viewer), enabled: id !== null && viewer !== null });

  const failed = id === null || business.isError;
  useEffect(() => {
    if (!failed) return;
    toast.error(errorText(business.error, 'loadBusinessFailed'));
    navigate('/dashboard', { replace: true });
  }, [failed, business.error, navigate, toast, errorText]);

  // SPEC §8: a failed can-edit check means no editing.
  const allowed = viewer !== null && (canEdit.data ?? CANNOT_EDIT).can_edit;
  const checking = viewer !== null && canEdit.isPending;
  if (failed || checking || !business.isFetchedAfterMount || !business.data) {
    return (
      <>
        <NavBar />
        <PageSpinner label={t('form.loading')} />
      </>
    );
  }
  if (!allowed) {
    return (
      <>
        <NavBar />
        <main className={`${shared.page} ${businessForm.formPage}`}>
          <div className={`${shared.card} ${shared.empty}`} data-testid="edit-not-allowed" role="alert">
            <h1>{t('form.edit')}</h1>
            <p>{message('notAllowedToEdit')}</p>
            <Link to={`/business/${businessId}`} className="btn btn--primary">
              {t('form.backToBusiness')}
            </Link>
          </div>
        </main>
      </>
    );
  }
  return <BusinessForm businessId={businessId} initial={valuesFromBusiness(business.data)} />;
}

function BusinessForm({ businessId, initial }: { businessId: number | null; initial: BusinessFormValues }) {
  const editing = businessId !== null;
  const { toast, productName } = useHost();
  const navigate = useNavigate();
  const t = useMessages();
  const message = useContractMessages();
  const errorText = useErrorText();
  const weekdayName = useWeekdayName();
  const [values, setValues] = useState<BusinessFormValues>(initial);
  const categories = useCategories();
  const saving = useSaveBusiness(businessId);
  const busy = saving.isPending;
  const fieldErrors = useFieldErrors(saving.error);
  const candidates = useDuplicateCandidates(values.name, values.postcode, !editing);

  const set = (field: TextField) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const setHours = (day: string) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, hours: { ...current.hours, [day]: event.target.value } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // Added despite 'This may already be listed': the API records the candidates shown for the admins.
    const shown = candidates.map((candidate) => candidate.id);
    saving.mutate(shown.length ? { ...toBusinessInput(values), duplicate_candidates: shown } : toBusinessInput(values), {
      onSuccess: (saved) => {
        toast.success(editing ? message('businessUpdated') : message('businessAdded'));
        navigate(`/business/${saved?.id ?? businessId}`);
      },
      onError: (error) => {
        console.error('save business failed', error);
        toast.error(errorText(error, editing ? 'updateBusinessFailed' : 'addBusinessFailed'));
      },
    });
  };

  const field = (name: TextField, label: string, options: FieldOptions = {}) => {
    const max = BUSINESS_FIELD_MAX_LENGTH[name];
    return (
      <Field
        label={label}
        required={options.required}
        hint={options.hint}
        count={isLongText(max) ? { length: values[name].length, max } : undefined}
        error={fieldErrors[name] ?? (isSocialNetwork(name) ? fieldErrors[`social_media.${name}`] : undefined)}
      >
        {(control) =>
          options.multiline ? (
            <textarea {...control} name={name} value={values[name]} onChange={set(name)} placeholder={options.placeholder} maxLength={max} />
          ) : (
            <input
              {...control}
              name={name}
              type={options.type ?? 'text'}
              value={values[name]}
              onChange={set(name)}
              placeholder={options.placeholder}
              autoComplete={options.autoComplete}
              dir={options.dir}
              maxLength={max}
            />
          )
        }
      </Field>
    );
  };

  return (
    <>
      <NavBar />
      <main className={`${shared.page} ${businessForm.formPage}`} data-testid="business-form" data-mode={editing ? 'edit' : 'add'}>
        <p>
          <Link to="/dashboard">
            <span className={shared.flip}>←</span> {t('common.backToDirectory')}
          </Link>
        </p>
        <h1 className={forms.pageTitle}>{editing ? t('form.edit') : t('form.add')}</h1>

        <form className={forms.form} onSubmit={submit} noValidate={false}>
          <Section title={t('form.basic')}>
            {field('name', t('form.name'), { required: true })}
            {field('name_latin', t('form.nameLatin'), { placeholder: t('form.nameLatinPlaceholder'), hint: t('form.nameLatinHint') })}
            <Field label={t('filters.category')} error={fieldErrors.category}>
              {(control) => (
                <select {...control} name="category" value={values.category} onChange={set('category')}>
                  <option value="">{t('form.selectCategory')}</option>
                  {categoryOptions(categories, values.category).map((category) => (
                    <option key={category} value={category}>
                      {category}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {field('phone', t('form.phone'), { type: 'tel', autoComplete: 'tel', dir: 'ltr' })}
            {field('description', t('form.description'), { multiline: true, placeholder: t('form.descriptionPlaceholder') })}
          </Section>

          <Section title={t('form.location')}>
            {field('address', t('form.address'), { required: true, autoComplete: 'street-address' })}
            <div className={businessForm.pair}>
              {field('city', t('filters.city'), { required: true, autoComplete: 'address-level2' })}
              {field('postcode', t('form.postcode'), { required: true, autoComplete: 'postal-code', dir: 'ltr' })}
            </div>
            <label className={businessForm.check}>
              <input
                type="checkbox"
                name="area_only"
                checked={values.areaOnly}
                onChange={(event) => setValues((current) => ({ ...current, areaOnly: event.target.checked }))}
              />{' '}
              {t('form.areaOnly')}
            </label>
            {!editing && <DuplicateWarning candidates={candidates} />}
          </Section>

          <Section title={t('form.online')}>
            {field('website', t('row.website'), { type: 'url', placeholder: 'https://example.com', autoComplete: 'url', dir: 'ltr' })}
            {field('facebook', 'Facebook', { placeholder: t('form.pagePlaceholder') })}
            {field('twitter', 'Twitter/X', { placeholder: t('form.handlePlaceholder') })}
            {field('instagram', 'Instagram', { placeholder: t('form.handlePlaceholder') })}
          </Section>

          <Section title={t('form.hours')}>
            <div className={businessForm.hours}>
              {WEEKDAYS.map((day) => (
                <Field key={day} label={weekdayName(day)} error={fieldErrors[`business_hours.${day}`]}>
                  {(control) => (
                    <input
                      {...control}
                      name={`hours-${day}`}
                      value={values.hours[day] ?? ''}
                      onChange={setHours(day)}
                      placeholder={t('form.hoursPlaceholder')}
                      maxLength={BUSINESS_FIELD_MAX_LENGTH.hours}
                    />
                  )}
                </Field>
              ))}
            </div>
          </Section>

          <Section title={t('form.support')}>
            <SourcesEditor sources={values.sources} onChange={(sources) => setValues((current) => ({ ...current, sources }))} errors={fieldErrors} />
          </Section>

          <div className={forms.actions}>
            <button type="button" className="btn btn--outline" onClick={() => navigate('/dashboard')}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy}>
              {busy && <InlineSpinner />}
              {t(busy ? (editing ? 'form.updating' : 'form.adding') : editing ? 'form.update' : 'nav.addBusiness')}
            </button>
          </div>
          <p className={`${shared.hint} ${businessForm.note}`} data-testid="form-note">
            {editing ? t('form.editNote', { product: productName }) : t('form.addNote')}
          </p>
        </form>
      </main>
    </>
  );
}

interface FieldOptions {
  required?: boolean;
  type?: string;
  multiline?: boolean;
  placeholder?: string;
  hint?: string;
  autoComplete?: string;
  dir?: 'ltr';
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={`${shared.card} ${businessForm.section}`} aria-labelledby={id}>
      <h2 id={id} className={forms.sectionTitle}>
        {title}
      </h2>
      <div className={forms.form}>{children}</div>
    </section>
  );
}
