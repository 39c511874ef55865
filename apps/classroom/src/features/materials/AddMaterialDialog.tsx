/**
 * The add learning material dialog (classroom.md §5): REGULAR — one of the nine built-in
 * textbooks, whole or one of its units (the same pages twice are refused); POD — a PDF of at most
 * 500 pages (counted in the browser with pdf.js), registered on code pages issued for it, with
 * its .nproj, uploaded under 'Registering page backgrounds' with progress and cancel. Confirm is
 * disabled while submitting.
 */
import type { CategoryInfoEntry, Textbook } from '@dotink/contracts/edu';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { UploadCancelled } from '../../api/materials';
import { AppDialog } from '../../components/Dialog';
import { DialogActions, TextField } from '../../components/Fields';
import { type ClassroomKey, type T, useT } from '../../i18n/text';
import { errorText, useServices } from '../../lib/services';
import { toast } from '../../lib/toasts';
import {
  formError,
  isDuplicate,
  isPdfName,
  MAX_POD_PAGES,
  type MaterialKind,
  materialRefusal,
  type PageRange,
  regularRange,
  unitChoices,
} from './materialForm';
import type { PageSizePt } from './pdfInfo';
import { registerPod } from './registerPod';
import { materialKeys, useBuiltinBooks } from './useMaterials';

export interface AddMaterialDialogProps {
  readonly curriculumId: number;
  readonly curriculumTitle: string;
  /** The lecture's materials (the duplicate check). */
  readonly registered: readonly Textbook[];
  readonly onClose: () => void;
}

/** The chosen PDF, once read. */
interface ChosenPdf {
  readonly file: File;
  readonly numPages?: number;
  readonly sizes?: PageSizePt[];
  readonly error?: { key: ClassroomKey; count?: number };
}

/** The name of a built-in textbook in the user's language. */
export function bookLabel(t: T, b: CategoryInfoEntry): string {
  const d = b.curriculumDescription;
  if (d.subject === 'math' && d.grade !== null && d.semester !== null)
    return t('materials.bookMath', { grade: d.grade, semester: d.semester });
  if (d.subject === 'notebook') return t('materials.bookNotebook');
  return d.title;
}

export function AddMaterialDialog(props: AddMaterialDialogProps) {
  const t = useT();
  const { api, ui } = useServices();
  const queryClient = useQueryClient();
  const books = useBuiltinBooks();
  const [kind, setKind] = useState<MaterialKind>('REGULAR');
  const [courseName, setCourseName] = useState(props.curriculumTitle);
  const [materialName, setMaterialName] = useState('');
  const [bookId, setBookId] = useState<number>();
  const [unit, setUnit] = useState<string>('');
  const [pdf, setPdfState] = useState<ChosenPdf>();
  const reading = useRef(0);
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const book = books.data?.find((b) => b.curriculumDescription.id === bookId);
  const units = book ? unitChoices(book.categories) : [];
  const range: PageRange | undefined = units.find((u) => u.key === unit)?.range;

  const chooseFile = async (file: File | undefined) => {
    // only the last file chosen sets the state (an earlier one may still be being read)
    const ticket = ++reading.current;
    const setPdf = (p: ChosenPdf | undefined) => {
      if (ticket === reading.current) setPdfState(p);
    };
    setError(undefined);
    if (!file) return setPdf(undefined);
    if (!isPdfName(file.name)) return setPdf({ file, error: { key: 'materials.inputError' } });
    setPdf({ file });
    // pdf.js is loaded when a file is chosen, not with the page
    let reader: typeof import('./pdfInfo');
    try {
      reader = await import('./pdfInfo');
    } catch (e) {
      setPdf(undefined);
      return setError(errorText(t, e));
    }
    const { PdfUnreadable, readPdfInfo } = reader;
    try {
      const info = await readPdfInfo(new Uint8Array(await file.arrayBuffer()));
      try {
        if (info.numPages > MAX_POD_PAGES)
          return setPdf({
            file,
            numPages: info.numPages,
            error: { key: 'materials.tooManyPages', count: info.numPages },
          });
        setPdf({ file, numPages: info.numPages, sizes: await info.pageSizes() });
      } finally {
        await info.close();
      }
    } catch (e) {
      if (e instanceof PdfUnreadable) setPdf({ file, error: { key: 'materials.notPdf' } });
      else {
        setPdf(undefined);
        setError(errorText(t, e));
      }
    }
  };

  const showFailure = (e: unknown) => {
    if (e instanceof UploadCancelled) return setError(t('materials.cancelled'));
    const refusal = materialRefusal(e);
    setError(refusal ? t(refusal.key, refusal.params) : errorText(t, e));
  };

  const done = (m: Textbook) => {
    void queryClient.invalidateQueries({ queryKey: materialKeys.list(props.curriculumId) });
    toast(t('materials.added'), 'success');
    props.onClose();
    return m;
  };

  const submitRegular = async (b: CategoryInfoEntry) => {
    const r = regularRange(b, range);
    const { section, owner, book: code } = b.pageInfo;
    if (isDuplicate(props.registered, { section, owner, book: code, ...r }))
      return setError(t('materials.alreadyRegistered'));
    done(
      await api.addRegularMaterial(props.curriculumId, {
        title: materialName.trim(),
        builtinTextbookId: b.curriculumDescription.id,
        ncodeStartPage: r.start,
        ncodeEndPage: r.end,
      }),
    );
  };

  const submitPod = async (chosen: ChosenPdf & { sizes: PageSizePt[] }) => {
    const controller = new AbortController();
    const title = t('materials.registering');
    const show = (percent: number) => ui.progress({ title, percent, cancel: () => controller.abort() });
    try {
      const m = await registerPod(
        {
          curriculumId: props.curriculumId,
          title: materialName.trim(),
          fileName: chosen.file.name,
          pdf: chosen.file,
          pages: chosen.sizes,
        },
        {
          api,
          randomBytes: (n) => crypto.getRandomValues(new Uint8Array(n)),
          // the API layer's upload: its 401 runs the session handler (logout → login), as every call does
          upload: (form, onProgress, signal) => api.uploadAttachments(form, onProgress, signal),
        },
        show,
        controller.signal,
      );
      done(m);
    } finally {
      ui.progress(undefined);
    }
  };

  const submit = async () => {
    setError(undefined);
    const key = formError({ kind, courseName, materialName, bookId, fileName: pdf?.file.name });
    if (key) return setError(t(key));
    if (kind === 'POD' && pdf?.error) return setError(t(pdf.error.key, { count: pdf.error.count ?? 0 }));
    setSubmitting(true);
    try {
      if (kind === 'REGULAR' && book) await submitRegular(book);
      else if (kind === 'POD' && pdf?.sizes) await submitPod({ ...pdf, sizes: pdf.sizes });
      else setError(t('materials.inputError'));
    } catch (e) {
      showFailure(e);
    } finally {
      setSubmitting(false);
    }
  };

  const kindRadio = (k: MaterialKind, label: string) => (
    <label className="radio">
      <input
        type="radio"
        name="material-kind"
        value={k}
        checked={kind === k}
        onChange={() => {
          setKind(k);
          setError(undefined);
        }}
        data-testid={`material-kind-${k}`}
      />
      {label}
    </label>
  );

  return (
    <AppDialog
      title={t('materials.dialogTitle')}
      isOpen
      onClose={() => {
        if (!submitting) props.onClose();
      }}
      dismissable={!submitting}
      testId="material-dialog"
      actions={
        <DialogActions
          onCancel={props.onClose}
          onConfirm={() => void submit()}
          disabled={submitting}
          confirmTestId="material-submit"
        />
      }
    >
      <fieldset className="field radios">
        <legend className="label">{t('materials.kind')}</legend>
        {kindRadio('REGULAR', t('materials.kindRegular'))}
        {kindRadio('POD', t('materials.kindPod'))}
      </fieldset>
      <TextField
        id="material-course"
        label={t('materials.course')}
        value={courseName}
        onChange={setCourseName}
      />
      <TextField
        id="material-name"
        label={t('materials.materialName')}
        value={materialName}
        placeholder={t('materials.namePlaceholder')}
        onChange={setMaterialName}
      />
      {kind === 'REGULAR' ? (
        <>
          <div className="field">
            <label htmlFor="material-book">{t('materials.book')}</label>
            <select
              id="material-book"
              data-testid="material-book"
              value={bookId ?? ''}
              onChange={(e) => {
                const id = e.target.value === '' ? undefined : Number(e.target.value);
                setBookId(id);
                setUnit('');
                const chosen = books.data?.find((b) => b.curriculumDescription.id === id);
                if (chosen && isBlankOrAuto(materialName, books.data ?? [], t))
                  setMaterialName(bookLabel(t, chosen));
              }}
            >
              <option value="">{t('materials.chooseBook')}</option>
              {(books.data ?? []).map((b) => (
                <option key={b.curriculumDescription.id} value={b.curriculumDescription.id}>
                  {bookLabel(t, b)}
                </option>
              ))}
            </select>
          </div>
          {book ? (
            <div className="field">
              <label htmlFor="material-unit">{t('materials.unit')}</label>
              <select
                id="material-unit"
                data-testid="material-unit"
                value={unit}
                onChange={(e) => setUnit(e.target.value)}
              >
                <option value="">
                  {t('materials.wholeBook')} (
                  {t('materials.pages', rangeParams(regularRange(book, undefined)))})
                </option>
                {units.map((u) => (
                  <option key={u.key} value={u.key}>
                    {'\u00a0\u00a0'.repeat(u.depth)}
                    {u.title} ({t('materials.pages', rangeParams(u.range))})
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </>
      ) : (
        <div className="field">
          <label htmlFor="material-file">{t('materials.file')}</label>
          <input
            id="material-file"
            type="file"
            accept=".pdf,application/pdf"
            data-testid="material-file"
            aria-describedby="material-file-hint"
            onChange={(e) => void chooseFile(e.target.files?.[0])}
          />
          <span id="material-file-hint" className="hint" data-testid="material-file-info">
            {pdf && pdf.numPages === undefined && !pdf.error
              ? t('materials.readingPdf')
              : pdf?.numPages !== undefined
                ? t('materials.pageCount', { count: pdf.numPages })
                : t('materials.fileHint')}
          </span>
        </div>
      )}
      {error ? (
        <p className="error-text" role="alert" data-testid="material-error">
          {error}
        </p>
      ) : kind === 'POD' && pdf?.error ? (
        <p className="error-text" role="alert" data-testid="material-error">
          {t(pdf.error.key, { count: pdf.error.count ?? 0 })}
        </p>
      ) : null}
    </AppDialog>
  );
}

const rangeParams = (r: PageRange) => ({ start: r.start, end: r.end });

/** The name field may follow the chosen book: empty, or still another book's name. */
function isBlankOrAuto(name: string, books: readonly CategoryInfoEntry[], t: T): boolean {
  return name.trim() === '' || books.some((b) => bookLabel(t, b) === name);
}
