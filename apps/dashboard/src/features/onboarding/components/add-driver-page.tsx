import { useCallback, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorText, isApiError } from '@sentinel/api-sdk';
import type { VehicleType } from '@sentinel/api-sdk';
import { ROUTES, validateDriver, validateVehicleDetails } from '@sentinel/domain';
import { Alert, PageHeader, Stepper } from '@sentinel/ui';
import { useFieldForm } from '../../../lib/use-field-form';
import { useCreateDriver, useCreateVehicle } from '../api/onboarding-queries';
import { DriverStep, EMPTY_DRIVER } from './driver-step';
import type { DriverField } from './driver-step';
import { EMPTY_VEHICLE, VehicleStep } from './vehicle-step';
import type { VehicleField } from './vehicle-step';
import '../../../lib/staff-screens.css';

const STEPS = ['Driver details', 'Vehicle details'] as const;

/**
 * /agent/onboarding/client/{clientId}/add-driver: the driver's details, then the vehicle's; the
 * vehicle is created first, then its driver, then scheduling follows. Both steps' values live
 * here, so going back a step or a failed call loses nothing typed.
 */
export function AddDriverPage() {
  const clientId = Number(useParams().clientId);
  const navigate = useNavigate();
  const [step, setStep] = useState<0 | 1>(0);
  const [isSouthAfrican, setIsSouthAfrican] = useState(true);
  const [vehicleType, setVehicleType] = useState<VehicleType | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A vehicle created before its driver failed is not created twice on the next try.
  const createdVehicleId = useRef<number | null>(null);
  const createVehicle = useCreateVehicle();
  const createDriver = useCreateDriver();

  const driverForm = useFieldForm<DriverField>(
    EMPTY_DRIVER,
    useCallback(
      (values: Record<DriverField, string>) =>
        validateDriver({ ...values, IdNumberIsSouthAfrican: isSouthAfrican }),
      [isSouthAfrican],
    ),
  );
  const vehicleForm = useFieldForm<VehicleField>(
    EMPTY_VEHICLE,
    useCallback(
      (values: Record<VehicleField, string>) =>
        validateVehicleDetails({
          vehicle: values.Vehicle,
          vehicleTypeId: vehicleType?.id ?? 0,
          registrationYear: values.RegistrationYear,
          registrationNumber: values.RegistrationNumber,
          colour: values.Colour,
        }),
      [vehicleType],
    ),
  );

  function onSouthAfricanChange(checked: boolean) {
    setIsSouthAfrican(checked);
    // A passport is not an ID number: the switch starts the field afresh.
    driverForm.setValue('IdNumber', '');
    driverForm.clearErrors('IdNumber');
  }

  async function submit() {
    setFailure(null);
    const vehicle = vehicleForm.values;
    let vehicleId = createdVehicleId.current;
    try {
      if (vehicleId === null) {
        ({ id: vehicleId } = await createVehicle.mutateAsync({
          colour: vehicle.Colour,
          registrationNumber: vehicle.RegistrationNumber,
          vinNumber: vehicle.VinNumber,
          engineNumber: vehicle.EngineNumber,
          vehicle: vehicle.Vehicle,
          registrationYear: vehicle.RegistrationYear,
          userId: clientId,
          vehicleTypeId: vehicleType?.id ?? 0,
        }));
        createdVehicleId.current = vehicleId;
      }
    } catch (error) {
      if (!(isApiError(error) && error.status === 400 && vehicleForm.showServerErrors(error))) {
        setFailure(errorText(error, undefined, { titleFirst: true }));
      }
      return;
    }
    try {
      await createDriver.mutateAsync({
        ...driverForm.values,
        IdNumberIsSouthAfrican: isSouthAfrican,
        vehicleId,
      });
    } catch (error) {
      if (isApiError(error) && error.status === 400 && driverForm.showServerErrors(error)) {
        // The faulty fields are on the driver step.
        setStep(0);
      } else {
        setFailure(errorText(error, undefined, { titleFirst: true }));
      }
      return;
    }
    await navigate(ROUTES.installation(vehicleId));
  }

  return (
    <section className="person-form-page">
      <PageHeader title="Add driver or vehicle" />
      <Stepper steps={STEPS} current={step} label="Onboarding steps" />
      {failure !== null && (
        <Alert variant="error" title="The vehicle could not be added">
          {failure}
        </Alert>
      )}
      {step === 0 ? (
        <DriverStep
          form={driverForm}
          isSouthAfrican={isSouthAfrican}
          onSouthAfricanChange={onSouthAfricanChange}
          onNext={() => setStep(1)}
        />
      ) : (
        <VehicleStep
          form={vehicleForm}
          vehicleType={vehicleType}
          onVehicleTypeChange={setVehicleType}
          submitting={createVehicle.isPending || createDriver.isPending}
          onBack={() => setStep(0)}
          onSubmit={() => void submit()}
        />
      )}
    </section>
  );
}
